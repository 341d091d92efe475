// The planner: how many more prompts a side-by-side study needs, overall and per slice, and the
// stability view's projection. It reads the same counted judgments as the report, through the
// report's own tallies, so "where it stands" is the report's numbers (docs/planning.md).
import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import * as analytics from "../analytics/repo";
import { filterPrompts, filterUnits, type ReportFilter } from "../analytics/domain/report-filter";
import type { ReportRow } from "../analytics/domain/report-row";
import { pairOfKey, preferenceTallies, unitsByPair, type PreferenceTally } from "../analytics/domain/side-by-side-report";
import { compareSlices, slicesOf } from "../analytics/domain/slices";
import { verdictRuleOf } from "../analytics/domain/verdict-rule";
import type { PromptSums } from "./domain/between-grader-icc";
import { planRows, projectHalfWidth, type PlanTargets, type SliceCollected } from "./domain/plan-rows";
import { reportedHalfWidth } from "./domain/wilson-sample-size";
import type { TAssumedPlan } from "./schema";

export interface HalfWidthProjection {
  modelA: string;
  modelB: string;
  dimension: string;
  /** judgments on the dimension so far, and the half-width now */
  judgments: number;
  halfWidth: number | null;
  points: { judgments: number; halfWidth: number }[];
}

export interface StudyPlan {
  study: string;
  /** graders per prompt (the study's k) */
  k: number;
  verdictRule: "mean" | "majority";
  targets: PlanTargets;
  rows: ReportRow[];
  /** slice "all" per pair and dimension: the stability view */
  projections: HalfWidthProjection[];
}

const collected = (t: PreferenceTally, sums: PromptSums[]): SliceCollected => ({ prompts: t.prompts, aWins: t.aWins, bWins: t.bWins, ties: t.ties, splits: t.splits, sums });

export async function studyPlan(db: Db, study: { id: string } | { name: string }, targets: PlanTargets, filter: ReportFilter = {}): Promise<StudyPlan> {
  const s = await analytics.findStudy(db, study);
  if (!s) throw new TRPCError({ code: "NOT_FOUND", message: "name" in study ? `No study named "${study.name}".` : "No such study." });
  if (s.type !== "SIDE_BY_SIDE") {
    throw new TRPCError({ code: "BAD_REQUEST", message: `"${s.name}" is single-sided: the planner projects the decisive rate of side-by-side studies.` });
  }
  const rule = verdictRuleOf(s.verdictRule);
  // Prompts of a pair that share their slices, histogram and position counts plan alike (their
  // sums too follow from the histogram): a few thousand groups rather than every prompt, as the
  // report reads them. At a million judgments the per-prompt units took 4.8 s.
  const { units: groups, attributes } = await analytics.preferenceUnitGroups(db, s.id);
  const prompts = filterPrompts(attributes, filter);
  const units = filterUnits(groups, prompts, filter);
  const rows: ReportRow[] = [];
  const projections: HalfWidthProjection[] = [];
  for (const [pair, pairUnits] of unitsByPair(units)) {
    const [modelA, modelB] = pairOfKey(pair);
    // The report's own tallies, and beside them each slice's per-prompt sums for the ICC.
    const sums = new Map<string, PromptSums[]>();
    const sumsOf = (dimension: string, slice: string) => sums.get(`${dimension}\u0000${slice}`) ?? [];
    const tallies = preferenceTallies(pairUnits, prompts, rule, slicesOf, (u, dimension, slice) => {
      const key = `${dimension}\u0000${slice}`;
      (sums.get(key) ?? sums.set(key, []).get(key)!).push({ n: u.n, sum: u.sum, sumSq: u.sumSq, count: u.count ?? 1 });
    });
    for (const dimension of [...tallies.keys()].sort()) {
      const bySlice = tallies.get(dimension)!;
      for (const slice of [...bySlice.keys()].sort(compareSlices)) {
        rows.push(...planRows({ study: s.name, modelA, modelB, dimension, slice, k: s.redundancy }, collected(bySlice.get(slice)!, sumsOf(dimension, slice)), targets));
      }
      const all = bySlice.get("all");
      if (all) {
        projections.push({ modelA, modelB, dimension, judgments: all.judgments, halfWidth: reportedHalfWidth(all.aWins, all.aWins + all.bWins),
          points: projectHalfWidth(collected(all, sumsOf(dimension, "all")), s.redundancy, targets.targetHalfWidth) });
      }
    }
  }
  return { study: s.name, k: s.redundancy, verdictRule: rule, targets, rows, projections };
}

/** A study not yet run: how many prompts at k graders each the assumed rates need. */
export function assumedPlan(p: TAssumedPlan): ReportRow[] {
  const none = { prompts: 0, aWins: 0, bWins: 0, ties: 0, splits: 0, sums: [] };
  return planRows({ study: "", modelA: "", modelB: "", dimension: "", slice: "all", k: p.k }, none, p,
    { decisiveShare: 1 - p.tieRate, decisiveRate: p.decisiveRate })
    .filter((r) => !["n_prompts", "split_rate", "half_width_now", "power_now", "between_grader_icc", "effective_judgments_per_prompt"].includes(r.metric));
}
