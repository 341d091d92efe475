// Single-sided statistics per model, dimension and slice: mean of prompt-mean scores and the
// top-box rate, each with a bootstrap interval over prompts (a prompt's scores are one cluster),
// agreement, and for every ordered pair of models the paired mean difference and relative
// improvements of the mean and of the top-box share.
//
// Per-prompt values live in typed arrays indexed by prompt, and each slice is a list of prompt
// indices, so a million judgments aggregate without a map lookup per prompt and slice.
import { PairTally, bootstrapMeanOf, sumByValue, bootstrapRelativeImprovementsOf, type BootstrapOptions } from "./bootstrap";
import { addCluster, clusteredShare, MIN_CLUSTERS, tooFewClustersNote, withEnoughClusters, type ClusterCount, type ClusterTally } from "./cluster-bootstrap";
import { AlphaTally, type AlphaResult } from "./alpha-tally";
import { packHistogram } from "./packed-histogram";
import type { ReportRow } from "./report-row";
import { wantedOn, type RowChoice } from "./row-choice";
import { compareSlices, slicesOf, type PromptAttributes, type Slicing } from "./slices";

export interface ScoreUnit {
  promptId: string;
  dimension: string;
  model: string;
  n: number;
  sum: number;
  /** judgments scoring 4 or 5 */
  topBox: number;
  /** judgments per point of the 1..5 scale (index 0 = score 1): alpha's input */
  histogram: ArrayLike<number>;
}

/** The points of the score scale, 1 … 5. */
export const SCORE_POINTS = 5;

/**
 * A study's single-sided units as columns, as the unit tallies give them: row r is item `item[r]`
 * (a prompt, `promptOf[item]`) scored for model `models[model[r]]` on dimension
 * `dimensions[dimension[r]]`, with `histogram[p][r]` judgments at score p + 1.
 */
export interface ScoreUnitColumns {
  length: number;
  item: Int32Array;
  promptOf: string[];
  model: Int32Array;
  models: string[];
  dimension: Int32Array;
  dimensions: string[];
  histogram: Float64Array[];
}

/** Which units addColumns keeps: those whose prompt and dimension both pass. */
export interface UnitKeep {
  prompt: (promptId: string) => boolean;
  dimension: (dimension: string) => boolean;
}

/** Some dimensions of a ScoreSeries as plain data (ScoreSeries.parts and fromParts). */
export interface ScoreSeriesParts {
  capacity: number;
  slicePrompts: [string, number[]][];
  series: [string, [string, Series][]][];
}

/** One model's per-prompt aggregates on one dimension (index = prompt; n = 0 where unscored). */
export interface Series {
  n: Float64Array;
  sum: Float64Array;
  topBox: Float64Array;
  /** SCORE_POINTS counts per prompt */
  histogram: Float64Array;
}

export function singleSidedRows(
  study: string, units: Iterable<ScoreUnit>, prompts: Map<string, PromptAttributes>, bootstrap: BootstrapOptions,
  slicing: Slicing = slicesOf, choice?: RowChoice,
): ReportRow[] {
  return scoreSeriesOf(units, prompts, slicing).rows(study, bootstrap, choice);
}

/** The units summed into a ScoreSeries. */
export function scoreSeriesOf(units: Iterable<ScoreUnit>, prompts: Map<string, PromptAttributes>, slicing: Slicing = slicesOf): ScoreSeries {
  const series = new ScoreSeries(prompts, slicing);
  for (const u of units) series.add(u);
  return series;
}

/**
 * Single-sided scores summed per dimension, model and prompt (typed arrays indexed by prompt, with
 * each slice a list of prompt indices). Units and single scores may be added between reads of the
 * rows: the over-time view adds judgments in submission order and reads the rows at each checkpoint.
 */
export class ScoreSeries {
  private readonly promptIndex = new Map<string, number>();
  private slicePrompts = new Map<string, number[]>();
  /** dimension → model → series */
  private series = new Map<string, Map<string, Series>>();
  /** every series' arrays hold one entry per prompt the study has */
  private capacity: number;

  constructor(private readonly prompts: Map<string, PromptAttributes>, private readonly slicing: Slicing = slicesOf) {
    this.capacity = prompts.size;
  }

  /** The dimensions scored so far, in the order the rows list them. */
  dimensions(): string[] {
    return [...this.series.keys()].sort();
  }

  /** Scored (prompt, model) pairs of one dimension: what its rows cost, roughly. */
  scoredUnits(dimension: string): number {
    let units = 0;
    for (const s of this.series.get(dimension)?.values() ?? []) for (let i = 0; i < this.capacity; i++) if (s.n[i] > 0) units++;
    return units;
  }

  /** What computing the rows of `dimensions` needs, as plain data (a worker thread receives it). */
  parts(dimensions: string[]): ScoreSeriesParts {
    return { capacity: this.capacity, slicePrompts: [...this.slicePrompts], series: dimensions.map((d) => [d, [...(this.series.get(d) ?? [])]]) };
  }

  /** The series of `parts`, ready to give their rows (no more prompts can be added to it). */
  static fromParts(parts: ScoreSeriesParts): ScoreSeries {
    const series = new ScoreSeries(new Map());
    series.capacity = parts.capacity;
    series.slicePrompts = new Map(parts.slicePrompts);
    series.series = new Map(parts.series.map(([d, byModel]) => [d, new Map(byModel)]));
    return series;
  }

  /** The prompt's index, given the first time a unit names it (its slices list it then). */
  indexOf(promptId: string): number {
    let i = this.promptIndex.get(promptId);
    if (i === undefined) {
      const attrs = this.prompts.get(promptId);
      if (!attrs) throw new Error(`judgments reference unknown prompt ${promptId}`);
      i = this.promptIndex.size;
      this.promptIndex.set(promptId, i);
      for (const s of this.slicing(attrs)) (this.slicePrompts.get(s) ?? this.slicePrompts.set(s, []).get(s)!).push(i);
    }
    return i;
  }

  /** The arrays of one model on one dimension, made when first asked for. */
  seriesOf(dimension: string, model: string): Series {
    const byModel = this.series.get(dimension) ?? this.series.set(dimension, new Map()).get(dimension)!;
    let s = byModel.get(model);
    if (!s) {
      const size = this.capacity;
      s = { n: new Float64Array(size), sum: new Float64Array(size), topBox: new Float64Array(size), histogram: new Float64Array(size * SCORE_POINTS) };
      byModel.set(model, s);
    }
    return s;
  }

  add(u: ScoreUnit): void {
    if (!(u.n > 0)) return;
    const i = this.indexOf(u.promptId);
    const s = this.seriesOf(u.dimension, u.model);
    s.n[i] += u.n;
    s.sum[i] += u.sum;
    s.topBox[i] += u.topBox;
    for (let v = 0; v < SCORE_POINTS; v++) s.histogram[i * SCORE_POINTS + v] += u.histogram[v];
  }

  /**
   * Every unit of `c` (those `keep` allows, when given) without an object per unit: at a million
   * judgments the third of a million units are summed straight from the columns. `keep` tests each
   * item's prompt and each dimension once, not once per unit.
   */
  addColumns(c: ScoreUnitColumns, keep?: UnitKeep): void {
    const index = new Int32Array(c.promptOf.length).fill(-1);
    // Per item and per dimension: 0 untested, 1 kept, 2 left out.
    const itemKept = new Int8Array(keep ? c.promptOf.length : 0);
    const dimensionKept = c.dimensions.map((d) => !keep || keep.dimension(d));
    const handles = new Array<Series | undefined>(c.dimensions.length * c.models.length);
    for (let r = 0; r < c.length; r++) {
      let n = 0, sum = 0;
      for (let p = 0; p < SCORE_POINTS; p++) {
        const h = c.histogram[p][r];
        n += h; sum += h * (p + 1);
      }
      if (n === 0) continue;
      const item = c.item[r];
      if (!dimensionKept[c.dimension[r]]) continue;
      if (keep) {
        if (itemKept[item] === 0) itemKept[item] = keep.prompt(c.promptOf[item]) ? 1 : 2;
        if (itemKept[item] === 2) continue;
      }
      const i = index[item] >= 0 ? index[item] : (index[item] = this.indexOf(c.promptOf[item]));
      const at = c.dimension[r] * c.models.length + c.model[r];
      const s = handles[at] ?? (handles[at] = this.seriesOf(c.dimensions[c.dimension[r]], c.models[c.model[r]]));
      s.n[i] += n;
      s.sum[i] += sum;
      s.topBox[i] += c.histogram[3][r] + c.histogram[4][r]; // scores 4 and 5
      for (let p = 0; p < SCORE_POINTS; p++) s.histogram[i * SCORE_POINTS + p] += c.histogram[p][r];
    }
  }

  /** One judgment's score (1 … 5) on prompt `i` (from indexOf) in series `s` (from seriesOf). */
  static addScore(s: Series, i: number, score: number): void {
    if (!(Number.isInteger(score) && score >= 1 && score <= SCORE_POINTS)) throw new Error(`a score of ${score} is off the 1 … ${SCORE_POINTS} scale`);
    s.n[i]++;
    s.sum[i] += score;
    if (score >= 4) s.topBox[i]++;
    s.histogram[i * SCORE_POINTS + score - 1]++;
  }

  /** The report rows of what has been added so far (only those `choice` asks for, when given). */
  rows(study: string, bootstrap: BootstrapOptions, choice?: RowChoice): ReportRow[] {
    const { series, slicePrompts } = this;
    const size = this.capacity;
    const slices = [...slicePrompts.keys()].sort(compareSlices);
    const alphaOn = (wanted: (m: string) => boolean) => wanted("alpha") || wanted("alpha_ordinal");
    // Each prompt's histogram packed once per series (NaN where a point overflows its field): the
    // alpha tallies of the prompt's five or so slices reuse the key.
    const packed = new Map<Series, Float64Array>();
    if (slices.some((slice) => alphaOn(wantedOn(choice, slice)))) {
      for (const byModel of series.values()) {
        for (const s of byModel.values()) packed.set(s, Float64Array.from({ length: size }, (_, i) => packHistogram(s.histogram, SCORE_POINTS, i * SCORE_POINTS) ?? NaN));
      }
    }

    const rows: ReportRow[] = [];
    for (const dimension of [...series.keys()].sort()) {
      const byModel = series.get(dimension)!;
      const models = [...byModel.keys()].sort();
      for (const slice of slices) {
        const wanted = wantedOn(choice, slice);
        const withAlpha = alphaOn(wanted);
        const withTopBox = wanted("top_box_rate");
        const withTopBoxPairs = wanted("relative_improvement_top_box");
        const members = slicePrompts.get(slice)!;
        const present: string[] = [];
        for (const model of models) {
          const s = byModel.get(model)!;
          const keys = withAlpha ? packed.get(s) : undefined;
          const means = new Map<number, number>(); // a prompt's mean score → prompts with it
          let prompts = 0, judgments = 0;
          const topBox: ClusterTally = new Map();
          const alpha = new AlphaTally(SCORE_POINTS);
          for (const i of members) {
            const n = s.n[i];
            if (n === 0) continue;
            const mean = s.sum[i] / n;
            means.set(mean, (means.get(mean) ?? 0) + 1);
            prompts++;
            judgments += n;
            if (withTopBox) addCluster(topBox, s.topBox[i], n);
            if (keys) alpha.add(s.histogram, 1, i * SCORE_POINTS, Number.isNaN(keys[i]) ? undefined : keys[i]);
          }
          if (prompts === 0) continue;
          present.push(model);
          rows.push(...modelScoreRows(study, dimension, slice, model, {
            prompts, judgments, topBox, alpha, bootstrap, wanted, means,
          }));
        }
        if (!PAIRED_METRICS.some(wanted)) continue;
        // Each unordered pair is resampled once; both directions' intervals come from it.
        for (const [k, a] of present.entries()) {
          for (const b of present.slice(k + 1)) {
            const sa = byModel.get(a)!;
            const sb = byModel.get(b)!;
            const pairs = new PairTally();
            const topPairs = new PairTally();
            for (const i of members) {
              if (sa.n[i] === 0 || sb.n[i] === 0) continue;
              pairs.add(sa.sum[i] / sa.n[i], sb.sum[i] / sb.n[i]);
              if (withTopBoxPairs) topPairs.add(sa.topBox[i] / sa.n[i], sb.topBox[i] / sb.n[i]);
            }
            if (pairs.units === 0) continue;
            rows.push(...pairedRows({ study, dimension, slice, a, b }, pairs, withTopBoxPairs ? topPairs : null, bootstrap).filter((r) => wanted(r.metric)));
          }
        }
      }
    }
    return rows;
  }
}

const PAIRED_METRICS = ["relative_improvement_mean", "mean_difference", "relative_improvement_top_box"];

/**
 * The paired comparisons of models a and b over the prompts both were scored on, both directions
 * (the top-box ones only when `topPairs` is given).
 * The relative improvement of the mean depends on where the scale starts (the same scores read
 * +20% on 1..5 and +30% on 0..4), so its row says so and the difference of means stands beside it;
 * the top-box comparison uses each prompt's share of scores ≥ 4, which has a true zero.
 */
function pairedRows(h: { study: string; dimension: string; slice: string; a: string; b: string }, pairs: PairTally, topPairs: PairTally | null, bootstrap: BootstrapOptions): ReportRow[] {
  const n = pairs.units;
  const row = (modelA: string, modelB: string, metric: string, value: number | null, ci: { low: number; high: number } | null, note = ""): ReportRow => ({
    study: h.study, type: "single_sided", model_a: modelA, model_b: modelB, dimension: h.dimension, slice: h.slice, metric, value,
    ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n, n_clusters: ci ? n : null, note,
  });
  const key = `${h.a}|${h.b}|${h.dimension}|${h.slice}`;
  const tooFew = n < MIN_CLUSTERS ? tooFewClustersNote(n, "prompts") : "";
  const ri = tooFew ? null : bootstrapRelativeImprovementsOf(pairs, bootstrap, `ri|${key}`);
  const top = tooFew || !topPairs ? null : bootstrapRelativeImprovementsOf(topPairs, bootstrap, `ritb|${key}`);
  const sums = pairs.sums();
  const [meanA, meanB] = [sums.a / n, sums.b / n];
  const originNote = "depends on where the scale starts (1..5 here); see mean_difference";
  const noted = (extra: string) => [extra, tooFew].filter(Boolean).join("; ");
  const relative = (x: number, y: number) => (y === 0 ? null : (x - y) / y);
  const flip = (ci: { low: number; high: number } | null) => (ci ? { low: -ci.high, high: -ci.low } : null);
  const rows = [
    row(h.a, h.b, "relative_improvement_mean", relative(meanA, meanB), ri?.aOverB ?? null, noted(originNote)),
    row(h.b, h.a, "relative_improvement_mean", relative(meanB, meanA), ri?.bOverA ?? null, noted(originNote)),
    row(h.a, h.b, "mean_difference", meanA - meanB, ri?.difference ?? null, noted("")),
    row(h.b, h.a, "mean_difference", meanB - meanA, flip(ri?.difference ?? null), noted("")),
  ];
  if (!topPairs) return rows;
  const topSums = topPairs.sums();
  const [topA, topB] = [topSums.a / n, topSums.b / n];
  return [
    ...rows,
    row(h.a, h.b, "relative_improvement_top_box", relative(topA, topB), topB === 0 ? null : top?.aOverB ?? null, noted(topB === 0 ? "no top-box scores for the baseline" : "")),
    row(h.b, h.a, "relative_improvement_top_box", relative(topB, topA), topA === 0 ? null : top?.bOverA ?? null, noted(topA === 0 ? "no top-box scores for the baseline" : "")),
  ];
}

/** The seed key of a mean score's bootstrap: the same statistic gets the same draws on every path. */
const meanKey = (model: string, dimension: string, slice: string) => `mean|${model}|${dimension}|${slice}`;

/** One model's scores on one dimension and slice, however they were aggregated. */
export interface ModelScoreAggregate {
  prompts: number;
  judgments: number;
  /** prompts by (scores of 4 or 5, scores): the top-box rate's clusters */
  topBox: ClusterTally;
  /**
   * prompts by their mean score (prompt mean → prompts with it): the mean and its bootstrap are
   * computed from it, summed by value so that the order the prompts were met in does not matter
   */
  means: Map<number, number>;
  /** prompts by their histogram of scores */
  alpha: AlphaTally;
  bootstrap: BootstrapOptions;
  /** whether a metric is wanted (only wanted ones' intervals are computed); every metric when absent */
  wanted?: (metric: string) => boolean;
}

/** The report rows of one model, dimension and slice (definitions in docs/report-format.md). */
export function modelScoreRows(study: string, dimension: string, slice: string, model: string, a: ModelScoreAggregate): ReportRow[] {
  const row = (metric: string, value: number | null, n: number, ci: { low: number; high: number } | null = null, extra: { clusters?: number; note?: string } = {}): ReportRow => ({
    study, type: "single_sided", model_a: model, model_b: "", dimension, slice, metric, value, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n,
    n_clusters: extra.clusters ?? null, note: extra.note ?? "",
  });
  const wanted = a.wanted ?? (() => true);
  const agreement = wanted("alpha") || wanted("alpha_ordinal") ? a.alpha.results(a.bootstrap, `${model}|${dimension}|${slice}`) : null;
  const alphaRow = (metric: string, r: AlphaResult) => row(metric, r.alpha, r.units, r.interval, { clusters: r.units, note: r.note });
  const mean = wanted("mean_score") ? withEnoughClusters(a.prompts, "prompts",
    () => bootstrapMeanOf([...a.means].map(([value, count]) => ({ value, count })), a.bootstrap, meanKey(model, dimension, slice))) : null;
  // Scores cluster within prompts (k graders score the same response): resample prompts.
  const top = wanted("top_box_rate") ? clusteredShare(a.topBox.values(), "prompts", a.bootstrap, `topbox|${model}|${dimension}|${slice}`) : null;
  let topBox = 0;
  for (const c of a.topBox.values()) topBox += c.successes * c.count;
  return [
    row("n_prompts", a.prompts, a.prompts),
    row("n_judgments", a.judgments, a.judgments),
    ...(mean ? [row("mean_score", sumByValue(a.means) / a.prompts, a.prompts, mean.interval, { clusters: mean.clusters, note: mean.note })] : []),
    ...(top ? [row("top_box_rate", a.judgments ? topBox / a.judgments : null, a.judgments, top.interval, { clusters: top.clusters, note: top.note })] : []),
    ...(agreement ? [alphaRow("alpha", agreement.interval), alphaRow("alpha_ordinal", agreement.ordinal)] : []),
  ].filter((r) => wanted(r.metric));
}
