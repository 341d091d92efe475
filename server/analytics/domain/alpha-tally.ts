// Krippendorff's alpha for reports: interval and ordinal, each with a bootstrap interval over units.
//
// A unit (one prompt's judgments on a dimension, or one model's scores of it) is reduced to its
// histogram over the scale's points: how many graders gave each value. That is all alpha needs,
// for any metric, through the coincidence matrix o[c][k] = Σ_units h_c (h_k − [c = k]) / (m − 1)
// (Krippendorff 2011, "Computing Krippendorff's alpha-reliability"). Units with equal histograms
// are interchangeable, so the tally keeps each distinct histogram once with its count — a few
// dozen for three graders on a 7-point scale — and a bootstrap resample (Hayes & Krippendorff 2007
// resample units too) is a multinomial draw over them. The draw is resample-counts.ts's exact
// "Poisson, then correct" from tables fixed for the whole bootstrap: a report computes alpha for
// every dimension and slice, 64 intervals at 2,000 resamples each, and conditional binomials (a
// power per type, the normal approximation for large counts) made those a third of its time.
//
// Metrics (δ² between scale points c ≤ k, n_g the number of pairable values g):
//   interval: (c − k)²
//   ordinal:  (Σ_{g=c..k} n_g − (n_c + n_k) / 2)²  — ranks, not distances: a grader's "much better"
//             and "better" are ordered, not a measured two points apart.
// alpha = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck.
import { percentileInterval, type BootstrapOptions } from "./bootstrap";
import { MIN_CLUSTERS, tooFewClustersNote } from "./cluster-bootstrap";
import { packHistogram } from "./packed-histogram";
import { ResampleCounts } from "./resample-counts";
import { deriveSeed, mulberry32 } from "./seeded-random";
import type { Interval } from "./wilson-interval";

export type AlphaMetric = "interval" | "ordinal";

interface UnitType {
  hist: number[];
  count: number;
}

export interface AlphaResult {
  alpha: number | null;
  /** pairable units (two or more values) */
  units: number;
  interval: Interval | null;
  /** why there is no interval, or empty */
  note: string;
}

/**
 * Alpha under both metrics from what they need of the coincidence matrix: its marginals n_c
 * (K values; a pairable unit's histogram is its contribution to them) and its cells above the
 * diagonal (c < k, row by row; the diagonal has δ² = 0 and the matrix is symmetric). Null where
 * alpha is undefined (no variation).
 */
export function alphaOfCoincidences(marginals: Float64Array, upper: Float64Array, points: number): Record<AlphaMetric, number | null> {
  let n = 0;
  for (let c = 0; c < points; c++) n += marginals[c];
  if (n <= 1) return { interval: null, ordinal: null };
  let observedInterval = 0, expectedInterval = 0, observedOrdinal = 0, expectedOrdinal = 0;
  for (let c = 0, cell = 0; c < points; c++) {
    const nc = marginals[c];
    let between = 0; // Σ n_g for g strictly between c and k (ordinal)
    for (let k = c + 1; k < points; k++, cell++) {
      const nk = marginals[k];
      if (nc === 0 || nk === 0) { between += nk; continue; }
      const interval = (k - c) * (k - c);
      const ordinal = (nc / 2 + between + nk / 2) ** 2;
      // δ² is symmetric: each off-diagonal pair counts twice, in observed and expected alike.
      observedInterval += upper[cell] * interval;
      expectedInterval += nc * nk * interval;
      observedOrdinal += upper[cell] * ordinal;
      expectedOrdinal += nc * nk * ordinal;
      between += nk;
    }
  }
  const alpha = (observed: number, expected: number) => (expected <= 0 ? null : 1 - ((n - 1) * observed) / expected);
  return { interval: alpha(observedInterval, expectedInterval), ordinal: alpha(observedOrdinal, expectedOrdinal) };
}

export class AlphaTally {
  // Keyed by the packed histogram (packed-histogram.ts), or its text when a point overflows a
  // field: a report adds every prompt to every slice, and a string per addition cost seconds.
  private readonly types = new Map<number | string, UnitType>();
  private pairable = 0;

  /** `points`: the scale's number of points; histograms index them 0 .. points − 1. */
  constructor(readonly points: number) {}

  /**
   * One unit (or `count` equal ones) by its histogram, read from `hist[at]` on; units with fewer
   * than two values are not pairable. `key`, when the caller has it, is packHistogram's key of the
   * histogram (a unit added to many slices is packed once, not once per slice).
   */
  add(hist: ArrayLike<number>, count = 1, at = 0, key?: number): void {
    let m = 0;
    for (let i = 0; i < this.points; i++) m += hist[at + i] ?? 0;
    if (m < 2 || count <= 0) return;
    this.pairable += count;
    const k = key ?? packHistogram(hist, this.points, at) ?? Array.from({ length: this.points }, (_, i) => hist[at + i] ?? 0).join(",");
    const t = this.types.get(k);
    if (t) t.count += count;
    else this.types.set(k, { hist: Array.from({ length: this.points }, (_, i) => hist[at + i] ?? 0), count });
  }

  get units(): number {
    return this.pairable;
  }

  private sortedTypes(): UnitType[] {
    // A fixed order, so the same units give the same draws however they were added: by the
    // histogram's text, counts separated by commas.
    return [...this.types.values()].map((t) => ({ t, text: t.hist.join(",") }))
      .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)).map(({ t }) => t);
  }

  /**
   * Each type's contribution to the marginals and to the cells above the diagonal, as sparse
   * (index, value) lists end to end: o[c][k] = h_c · h_k / (m − 1) for c ≠ k, n_c = h_c.
   */
  private contributions(types: UnitType[]): { starts: Int32Array; at: Int32Array; values: Float64Array } {
    const K = this.points;
    const starts = [0];
    const at: number[] = [];
    const values: number[] = [];
    for (const { hist } of types) {
      const m = hist.reduce((s, v) => s + v, 0);
      for (let c = 0, cell = 0; c < K; c++) {
        if (hist[c]) { at.push(c); values.push(hist[c]); } // marginal n_c, at index c
        for (let k = c + 1; k < K; k++, cell++) {
          if (hist[c] && hist[k]) { at.push(K + cell); values.push((hist[c] * hist[k]) / (m - 1)); }
        }
      }
      starts.push(at.length);
    }
    return { starts: Int32Array.from(starts), at: Int32Array.from(at), values: Float64Array.from(values) };
  }

  /** Alpha under each metric, each with a 95% percentile bootstrap interval over units (none below MIN_CLUSTERS units). */
  results(opts: BootstrapOptions, key: string): Record<AlphaMetric, AlphaResult> {
    const K = this.points;
    const types = this.sortedTypes();
    const { starts, at, values } = this.contributions(types);
    // Marginals at 0 .. K − 1, then the cells above the diagonal.
    const sums = new Float64Array(K + (K * (K - 1)) / 2);
    const marginals = sums.subarray(0, K);
    const upper = sums.subarray(K);
    const add = (counts: ArrayLike<number>) => {
      sums.fill(0);
      for (let t = 0; t < types.length; t++) {
        const w = counts[t];
        if (w === 0) continue;
        for (let i = starts[t]; i < starts[t + 1]; i++) sums[at[i]] += w * values[i];
      }
      return alphaOfCoincidences(marginals, upper, K);
    };
    const point = add(types.map((t) => t.count));
    const units = this.pairable;
    const none = (note: string) => ({ interval: { alpha: point.interval, units, interval: null, note }, ordinal: { alpha: point.ordinal, units, interval: null, note } });
    if (units === 0) return none("");
    if (units < MIN_CLUSTERS) return none(tooFewClustersNote(units, "prompts"));
    const resampler = ResampleCounts.ofCounts(types.map((t) => t.count));
    const u = mulberry32(deriveSeed(opts.seed, `alpha|${key}`));
    const counts = new Int32Array(types.length);
    const stats: Record<AlphaMetric, number[]> = { interval: [], ordinal: [] };
    for (let r = 0; r < opts.resamples; r++) {
      const a = add(resampler.draw(u, counts));
      // a resample without variation has no alpha
      if (a.interval !== null) stats.interval.push(a.interval);
      if (a.ordinal !== null) stats.ordinal.push(a.ordinal);
    }
    const ci = (xs: number[]): Interval | null => {
      if (xs.length < opts.resamples / 2) return null;
      return percentileInterval(xs);
    };
    const result = (metric: AlphaMetric): AlphaResult => {
      const interval = point[metric] === null ? null : ci(stats[metric]);
      return { alpha: point[metric], units, interval, note: point[metric] !== null && !interval ? "no interval: most resamples have no variation" : "" };
    };
    return { interval: result("interval"), ordinal: result("ordinal") };
  }
}
