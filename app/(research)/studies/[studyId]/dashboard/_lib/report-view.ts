// Report rows (one statistic each) regrouped for the charts: one object per dimension and slice.
// Nothing is computed here; every value, interval and n is the server's.
import type { ReportRow } from "@/server/analytics/domain/report-row";

export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

const NONE: Estimate = { value: null, low: null, high: null, n: 0 };
const estimate = (r: ReportRow | undefined): Estimate => (r ? { value: r.value, low: r.ci_low, high: r.ci_high, n: r.n } : NONE);

export interface PreferenceSummary {
  dimension: string;
  slice: string;
  prompts: number;
  judgments: number;
  candidate: Estimate;
  same: Estimate;
  baseline: Estimate;
  decisive: Estimate;
  signP: number | null;
  /** the sign test adjusted over the dimension's slices (Holm); null in a headline, which has no slices */
  holmP: number | null;
  /** prompts whose graders disagree in direction */
  split: Estimate;
  alpha: Estimate;
  positionBias: Estimate;
}

export interface ScoreSummary {
  dimension: string;
  slice: string;
  model: string;
  mean: Estimate;
  topBox: Estimate;
  alpha: Estimate;
}

export interface ImprovementSummary {
  dimension: string;
  slice: string;
  model: string;
  baseline: string;
  improvement: Estimate;
  /** the difference of mean scores, model − baseline, over the same shared prompts */
  difference: Estimate;
  /** the relative improvement of the top-box share (scores of 4 or 5), which has a true zero */
  topBox: Estimate;
}

function groupBy<K extends string>(rows: ReportRow[], keyOf: (r: ReportRow) => K): Map<K, Map<string, ReportRow>> {
  const out = new Map<K, Map<string, ReportRow>>();
  for (const r of rows) {
    const k = keyOf(r);
    (out.get(k) ?? out.set(k, new Map()).get(k)!).set(r.metric, r);
  }
  return out;
}

export function preferenceSummaries(rows: ReportRow[]): PreferenceSummary[] {
  const groups = groupBy(rows.filter((r) => r.type === "side_by_side"), (r) => `${r.dimension}\u0000${r.slice}`);
  return [...groups].map(([k, m]) => {
    const [dimension, slice] = k.split("\u0000");
    return {
      dimension, slice, prompts: m.get("n_prompts")?.n ?? 0, judgments: m.get("n_judgments")?.n ?? 0,
      candidate: estimate(m.get("win_rate_a")), same: estimate(m.get("tie_rate")), baseline: estimate(m.get("win_rate_b")),
      decisive: estimate(m.get("decisive_rate_a")), signP: m.get("sign_test_p")?.value ?? null, holmP: m.get("sign_test_p_holm")?.value ?? null,
      split: estimate(m.get("split_rate")), alpha: estimate(m.get("alpha")), positionBias: estimate(m.get("position_bias")),
    };
  });
}

export function scoreSummaries(rows: ReportRow[]): ScoreSummary[] {
  const groups = groupBy(rows.filter((r) => r.type === "single_sided" && r.model_b === ""), (r) => `${r.dimension}\u0000${r.slice}\u0000${r.model_a}`);
  return [...groups].map(([k, m]) => {
    const [dimension, slice, model] = k.split("\u0000");
    return { dimension, slice, model, mean: estimate(m.get("mean_score")), topBox: estimate(m.get("top_box_rate")), alpha: estimate(m.get("alpha")) };
  });
}

/** Relative improvement of every other model over the chosen baseline, with the difference of means beside it. */
export function improvementsOver(rows: ReportRow[], baseline: string): ImprovementSummary[] {
  const over = (metric: string) => new Map(rows.filter((r) => r.metric === metric && r.model_b === baseline)
    .map((r) => [`${r.dimension}\u0000${r.slice}\u0000${r.model_a}`, r]));
  const differences = over("mean_difference");
  const topBoxes = over("relative_improvement_top_box");
  return rows
    .filter((r) => r.metric === "relative_improvement_mean" && r.model_b === baseline)
    .map((r) => {
      const key = `${r.dimension}\u0000${r.slice}\u0000${r.model_a}`;
      return { dimension: r.dimension, slice: r.slice, model: r.model_a, baseline, improvement: estimate(r),
        difference: estimate(differences.get(key)), topBox: estimate(topBoxes.get(key)) };
    });
}

/** An interval as the distances below and above the estimate, as an error bar draws it (scaled, e.g. ×100 for %). */
export function ciDeltas(e: { value: number | null; low: number | null; high: number | null }, scale = 1): [number, number] {
  return e.value === null || e.low === null || e.high === null ? [0, 0] : [(e.value - e.low) * scale, (e.high - e.value) * scale];
}

/** Slices of one family ("region", "category", "locale", "modality"), with their values. */
export const sliceFamily = (slice: string): string => slice.split("=")[0];
export const sliceValue = (slice: string): string => slice.split("=").slice(1).join("=") || slice;

/** Prompts or judgments below this make a rate too uncertain to read on its own. */
export const SMALL_SAMPLE = 30;
