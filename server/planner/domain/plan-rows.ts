// The planner's figures for one dimension and slice of a side-by-side study: where the headline
// decisive rate stands, and how many more prompts (at the study's k graders each) it needs for
// its 95% interval to reach a target half-width, or for the sign test to detect a given
// difference from 50% with a given power. Definitions in docs/planning.md.
//
// Prompts are the units: a prompt's verdict comes from its k graders together, so the decisive
// rate's precision grows with decisive prompts, D = P · (decisive share). The observed decisive
// share already carries the study's tie rate at its k (and, under the mean rule, its even
// splits), so projections divide the decisive prompts needed by it. Between-grader similarity
// (ICC) is reported beside, as the number of independent judgments a prompt's k are worth.
import type { ReportRow } from "../../analytics/domain/report-row";
import { wilsonInterval } from "../../analytics/domain/wilson-interval";
import { betweenGraderIcc, type PromptSums } from "./between-grader-icc";
import { decisivePromptsForPower, exactSignTestPower } from "./sign-test-power";
import { reportedHalfWidth, unitsForHalfWidth } from "./wilson-sample-size";

export interface PlanTargets {
  /** the decisive rate's 95% interval should be no wider than ± this */
  targetHalfWidth: number;
  /** detect a decisive rate of 0.5 ± difference … */
  difference: number;
  /** … with this power (two-sided α = 0.05) */
  power: number;
}

/** What one dimension and slice has collected (or, for a planned study, is assumed to have). */
export interface SliceCollected {
  prompts: number;
  aWins: number;
  bWins: number;
  ties: number;
  splits: number;
  /** per-prompt sums of preferences, for the between-grader ICC (empty for a planned study) */
  sums: PromptSums[];
}

/** Assumed rates for a study not yet run: the share of decisive prompts, and A's share of them. */
export interface AssumedRates {
  decisiveShare: number;
  decisiveRate: number;
}

export interface PlanHead {
  study: string;
  modelA: string;
  modelB: string;
  dimension: string;
  slice: string;
  /** graders per prompt */
  k: number;
}

export function planRows(h: PlanHead, c: SliceCollected, targets: PlanTargets, assumed: AssumedRates | null = null): ReportRow[] {
  const row = (metric: string, value: number | null, n: number, note = "", ci: { low: number; high: number } | null = null): ReportRow => ({
    study: h.study, type: "side_by_side", model_a: h.modelA, model_b: h.modelB, dimension: h.dimension, slice: h.slice, metric, value,
    ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n, n_clusters: null, note,
  });
  const P = c.prompts;
  const D = c.aWins + c.bWins;
  const share = assumed ? assumed.decisiveShare : P ? D / P : null;
  const rate = assumed ? assumed.decisiveRate : D ? c.aWins / D : null;
  const basis = assumed ? "assumed" : "observed";
  const rows: ReportRow[] = [
    row("n_prompts", P, P),
    row("decisive_share", share, P, assumed ? "assumed" : "", assumed ? null : wilsonInterval(D, P)),
    row("split_rate", P ? c.splits / P : null, P, "", wilsonInterval(c.splits, P)),
    row("decisive_rate_a", rate, D, assumed ? "assumed" : "", assumed ? null : wilsonInterval(c.aWins, D)),
    row("half_width_now", assumed ? null : reportedHalfWidth(c.aWins, D), D),
    row("target_half_width", targets.targetHalfWidth, D),
  ];
  // Prompts needed: decisive prompts needed / decisive share, never fewer than there are.
  const needed = (decisive: number, what: string): [ReportRow, ReportRow, ReportRow] => {
    if (share === null || share === 0) {
      const why = P === 0 ? "no prompts judged yet: give assumed rates to plan" : "no decisive prompt yet: the decisive share cannot be projected";
      return [row(`prompts_for_${what}`, null, P, why), row(`more_prompts_for_${what}`, null, P, why), row(`more_tasks_for_${what}`, null, P, why)];
    }
    // 350 / 0.7 is 500.00000000000006 in floating point: a hair's tolerance keeps it 500.
    const total = Math.max(P, Math.ceil(decisive / share - 1e-9));
    const note = `at the ${basis} decisive share ${share.toFixed(3)}${what === "half_width" ? ` and decisive rate ${(rate ?? 0.5).toFixed(3)}` : ""}`;
    return [row(`prompts_for_${what}`, total, P, note), row(`more_prompts_for_${what}`, total - P, P, note), row(`more_tasks_for_${what}`, (total - P) * h.k, P, `${h.k} graders per prompt`)];
  };
  // Without a decisive prompt yet, the widest interval (rate 0.5) is the safe assumption.
  rows.push(...needed(unitsForHalfWidth(rate ?? 0.5, targets.targetHalfWidth), "half_width"));
  rows.push(row("power_difference", targets.difference, D), row("power_target", targets.power, D));
  rows.push(...needed(decisivePromptsForPower(targets.difference, targets.power), "power"));
  rows.push(row("power_now", assumed ? null : exactSignTestPower(D, targets.difference), D, assumed ? "" : `exact sign test at ${D} decisive prompts, rate 0.5 ± ${targets.difference}`));
  const icc = betweenGraderIcc(c.sums);
  rows.push(row("between_grader_icc", icc.icc, icc.prompts));
  rows.push(row("effective_judgments_per_prompt", icc.icc === null ? null : h.k / (1 + (h.k - 1) * Math.max(0, icc.icc)), icc.prompts, `${h.k} judgments per prompt`));
  return rows;
}

/**
 * The stability view's projection: the decisive rate's half-width against judgments on the
 * dimension, from now to where it reaches the target (or twice the current prompts), at the
 * observed decisive share and rate.
 */
export function projectHalfWidth(c: SliceCollected, k: number, targetHalfWidth: number, points = 24): { judgments: number; halfWidth: number }[] {
  const P = c.prompts;
  const D = c.aWins + c.bWins;
  if (P === 0 || D === 0) return [];
  const share = D / P;
  const rate = c.aWins / D;
  const until = Math.max(P * 2, Math.ceil(unitsForHalfWidth(rate, targetHalfWidth) / share) * 1.1);
  const out: { judgments: number; halfWidth: number }[] = [];
  for (let i = 0; i <= points; i++) {
    const prompts = Math.round(P + ((until - P) * i) / points);
    const decisive = Math.max(1, Math.round(prompts * share));
    out.push({ judgments: prompts * k, halfWidth: reportedHalfWidth(Math.round(decisive * rate), decisive)! });
  }
  return out;
}
