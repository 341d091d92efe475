// Single-sided statistics per model, dimension and slice: mean of prompt-mean scores with a
// bootstrap interval over prompts, top-box rate with a Wilson interval, agreement, and the
// paired relative improvement of every ordered pair of models.
//
// Per-prompt values live in typed arrays indexed by prompt, and each slice is a list of prompt
// indices, so a million judgments aggregate without a map lookup per prompt and slice.
import { bootstrapMean, bootstrapRelativeImprovements, type BootstrapOptions } from "./bootstrap";
import { IntervalAlphaMoments } from "./krippendorff-alpha";
import type { ReportRow } from "./report-row";
import { compareSlices, slicesOf, type PromptAttributes, type Slicing } from "./slices";
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

/** One model's per-prompt aggregates on one dimension (index = prompt; n = 0 where unscored). */
interface Series {
  n: Float64Array;
  sum: Float64Array;
  sumSq: Float64Array;
  topBox: Float64Array;
}

export function singleSidedRows(
  study: string, units: Iterable<ScoreUnit>, prompts: Map<string, PromptAttributes>, bootstrap: BootstrapOptions,
  slicing: Slicing = slicesOf,
): ReportRow[] {
  const promptIndex = new Map<string, number>();
  const slicePrompts = new Map<string, number[]>();
  const indexOf = (promptId: string): number => {
    let i = promptIndex.get(promptId);
    if (i === undefined) {
      const attrs = prompts.get(promptId);
      if (!attrs) throw new Error(`judgments reference unknown prompt ${promptId}`);
      i = promptIndex.size;
      promptIndex.set(promptId, i);
      for (const s of slicing(attrs)) (slicePrompts.get(s) ?? slicePrompts.set(s, []).get(s)!).push(i);
    }
    return i;
  };
  const collected: { u: ScoreUnit; i: number }[] = [];
  for (const u of units) if (u.n > 0) collected.push({ u, i: indexOf(u.promptId) });
  const size = promptIndex.size;
  const series = new Map<string, Map<string, Series>>(); // dimension → model → series
  for (const { u, i } of collected) {
    const byModel = series.get(u.dimension) ?? series.set(u.dimension, new Map()).get(u.dimension)!;
    const s = byModel.get(u.model) ?? byModel.set(u.model, { n: new Float64Array(size), sum: new Float64Array(size), sumSq: new Float64Array(size), topBox: new Float64Array(size) }).get(u.model)!;
    s.n[i] += u.n;
    s.sum[i] += u.sum;
    s.sumSq[i] += u.sumSq;
    s.topBox[i] += u.topBox;
  }

  const rows: ReportRow[] = [];
  const slices = [...slicePrompts.keys()].sort(compareSlices);
  for (const dimension of [...series.keys()].sort()) {
    const byModel = series.get(dimension)!;
    const models = [...byModel.keys()].sort();
    for (const slice of slices) {
      const members = slicePrompts.get(slice)!;
      const row = (modelA: string, modelB: string, metric: string, value: number | null, n: number, ci: { low: number; high: number } | null = null): ReportRow => ({
        study, type: "single_sided", model_a: modelA, model_b: modelB, dimension, slice, metric, value, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n,
      });
      const present: string[] = [];
      for (const model of models) {
        const s = byModel.get(model)!;
        const means: number[] = [];
        let judgments = 0;
        let topBox = 0;
        const alpha = new IntervalAlphaMoments();
        for (const i of members) {
          if (s.n[i] === 0) continue;
          means.push(s.sum[i] / s.n[i]);
          judgments += s.n[i];
          topBox += s.topBox[i];
          alpha.add(s.n[i], s.sum[i], s.sumSq[i]);
        }
        if (means.length === 0) continue;
        present.push(model);
        rows.push(...modelScoreRows(study, dimension, slice, model, {
          prompts: means.length, judgments, topBox, alpha,
          mean: means.reduce((a, b) => a + b, 0) / means.length, meanInterval: bootstrapMean(means, bootstrap, meanKey(model, dimension, slice)),
        }));
      }
      // Each unordered pair is resampled once; both directions' intervals come from it.
      for (const [k, a] of present.entries()) {
        for (const b of present.slice(k + 1)) {
          const sa = byModel.get(a)!;
          const sb = byModel.get(b)!;
          const pairs: [number, number][] = [];
          for (const i of members) if (sa.n[i] > 0 && sb.n[i] > 0) pairs.push([sa.sum[i] / sa.n[i], sb.sum[i] / sb.n[i]]);
          if (pairs.length === 0) continue;
          const meanA = pairs.reduce((s, p) => s + p[0], 0) / pairs.length;
          const meanB = pairs.reduce((s, p) => s + p[1], 0) / pairs.length;
          const ci = bootstrapRelativeImprovements(pairs, bootstrap, `ri|${a}|${b}|${dimension}|${slice}`);
          rows.push(
            row(a, b, "relative_improvement_mean", (meanA - meanB) / meanB, pairs.length, ci?.aOverB ?? null),
            row(b, a, "relative_improvement_mean", (meanB - meanA) / meanA, pairs.length, ci?.bOverA ?? null),
          );
        }
      }
    }
  }
  return rows;
}

/** The seed key of a mean score's bootstrap: the same statistic gets the same draws on every path. */
export const meanKey = (model: string, dimension: string, slice: string) => `mean|${model}|${dimension}|${slice}`;

/** One model's scores on one dimension and slice, however they were aggregated. */
export interface ModelScoreAggregate {
  prompts: number;
  judgments: number;
  topBox: number;
  mean: number;
  meanInterval: { low: number; high: number } | null;
  alpha: IntervalAlphaMoments;
}

/** The report rows of one model, dimension and slice (definitions in docs/report-format.md). */
export function modelScoreRows(study: string, dimension: string, slice: string, model: string, a: ModelScoreAggregate): ReportRow[] {
  const row = (metric: string, value: number | null, n: number, ci: { low: number; high: number } | null = null): ReportRow => ({
    study, type: "single_sided", model_a: model, model_b: "", dimension, slice, metric, value, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n,
  });
  const agreement = a.alpha.result();
  return [
    row("n_prompts", a.prompts, a.prompts),
    row("n_judgments", a.judgments, a.judgments),
    row("mean_score", a.mean, a.prompts, a.meanInterval),
    row("top_box_rate", a.topBox / a.judgments, a.judgments, wilsonInterval(a.topBox, a.judgments)),
    row("alpha", agreement.alpha, agreement.units),
  ];
}
