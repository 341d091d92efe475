// Single-sided statistics per model, dimension and slice: mean of prompt-mean scores with a
// bootstrap interval over prompts, top-box rate with a Wilson interval, agreement, and the
// paired relative improvement of every ordered pair of models.
import { bootstrapMean, bootstrapRelativeImprovement, type BootstrapOptions } from "./bootstrap";
import { intervalAlphaFromMoments, type UnitMoments } from "./krippendorff-alpha";
import type { ReportRow } from "./report-row";
import { compareSlices, slicesOf, type PromptAttributes } from "./slices";
import { wilsonInterval } from "./wilson-interval";

export interface ScoreUnit {
  promptId: string;
  dimension: string;
  model: string;
  n: number;
  sum: number;
  sumSq: number;
  /** judgments scoring 4 or 5 */
  topBox: number;
}

interface ModelTally {
  promptMeans: Map<string, number>;
  judgments: number;
  topBox: number;
  moments: UnitMoments[];
}

export function singleSidedRows(
  study: string, units: Iterable<ScoreUnit>, prompts: Map<string, PromptAttributes>, bootstrap: BootstrapOptions,
): ReportRow[] {
  // dimension → slice → model → tally
  const tallies = new Map<string, Map<string, Map<string, ModelTally>>>();
  for (const u of units) {
    if (u.n === 0) continue;
    const attrs = prompts.get(u.promptId);
    if (!attrs) throw new Error(`judgments reference unknown prompt ${u.promptId}`);
    const bySlice = tallies.get(u.dimension) ?? new Map();
    tallies.set(u.dimension, bySlice);
    for (const slice of slicesOf(attrs)) {
      const byModel: Map<string, ModelTally> = bySlice.get(slice) ?? new Map();
      bySlice.set(slice, byModel);
      const t: ModelTally = byModel.get(u.model) ?? { promptMeans: new Map(), judgments: 0, topBox: 0, moments: [] };
      byModel.set(u.model, t);
      t.promptMeans.set(u.promptId, u.sum / u.n);
      t.judgments += u.n;
      t.topBox += u.topBox;
      t.moments.push({ m: u.n, s1: u.sum, s2: u.sumSq });
    }
  }
  const rows: ReportRow[] = [];
  for (const dimension of [...tallies.keys()].sort()) {
    const bySlice = tallies.get(dimension)!;
    for (const slice of [...bySlice.keys()].sort(compareSlices)) {
      const byModel = bySlice.get(slice)!;
      const models = [...byModel.keys()].sort();
      const row = (modelA: string, modelB: string, metric: string, value: number | null, n: number, ci: { low: number; high: number } | null = null): ReportRow => ({
        study, type: "single_sided", model_a: modelA, model_b: modelB, dimension, slice, metric, value, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n,
      });
      for (const model of models) {
        const t = byModel.get(model)!;
        const means = [...t.promptMeans.values()];
        const mean = means.reduce((s, v) => s + v, 0) / means.length;
        const alpha = intervalAlphaFromMoments(t.moments);
        rows.push(
          row(model, "", "n_prompts", means.length, means.length),
          row(model, "", "n_judgments", t.judgments, t.judgments),
          row(model, "", "mean_score", mean, means.length, bootstrapMean(means, bootstrap, `mean|${model}|${dimension}|${slice}`)),
          row(model, "", "top_box_rate", t.topBox / t.judgments, t.judgments, wilsonInterval(t.topBox, t.judgments)),
          row(model, "", "alpha", alpha.alpha, alpha.units),
        );
      }
      for (const a of models) {
        for (const b of models) {
          if (a === b) continue;
          const ta = byModel.get(a)!.promptMeans;
          const tb = byModel.get(b)!.promptMeans;
          const pairs: [number, number][] = [];
          for (const [promptId, ma] of ta) {
            const mb = tb.get(promptId);
            if (mb !== undefined) pairs.push([ma, mb]);
          }
          if (pairs.length === 0) continue;
          const meanA = pairs.reduce((s, p) => s + p[0], 0) / pairs.length;
          const meanB = pairs.reduce((s, p) => s + p[1], 0) / pairs.length;
          rows.push(row(a, b, "relative_improvement_mean", (meanA - meanB) / meanB, pairs.length,
            bootstrapRelativeImprovement(pairs, bootstrap, `ri|${a}|${b}|${dimension}|${slice}`)));
        }
      }
    }
  }
  return rows;
}
