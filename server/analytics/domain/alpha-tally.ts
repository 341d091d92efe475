// Krippendorff's alpha for reports: interval and ordinal, each with a bootstrap interval over units.
//
// A unit (one prompt's judgments on a dimension, or one model's scores of it) is reduced to its
// histogram over the scale's points: how many graders gave each value. That is all alpha needs,
// for any metric, through the coincidence matrix o[c][k] = Σ_units h_c (h_k − [c = k]) / (m − 1)
// (Krippendorff 2011, "Computing Krippendorff's alpha-reliability"). Units with equal histograms
// are interchangeable, so the tally keeps each distinct histogram once with its count — a few
// dozen for three graders on a 7-point scale — and a bootstrap resample (Hayes & Krippendorff 2007
// resample units too) is a multinomial draw over them, as in bootstrap.ts.
//
// Metrics (δ² between scale points c ≤ k, n_g the number of pairable values g):
//   interval: (c − k)²
//   ordinal:  (Σ_{g=c..k} n_g − (n_c + n_k) / 2)²  — ranks, not distances: a grader's "much better"
//             and "better" are ordered, not a measured two points apart.
// alpha = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck.
import { quantile, type BootstrapOptions } from "./bootstrap";
import { MIN_CLUSTERS, tooFewClustersNote } from "./cluster-bootstrap";
import { deriveSeed, mulberry32, multinomial } from "./seeded-random";
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

/** Alpha of a coincidence matrix (K × K, row-major) under a metric; null when undefined (no variation). */
export function alphaOfCoincidences(o: Float64Array, points: number, metric: AlphaMetric, marginals = new Float64Array(points)): number | null {
  marginals.fill(0);
  let n = 0;
  for (let c = 0; c < points; c++) {
    for (let k = 0; k < points; k++) marginals[c] += o[c * points + k];
    n += marginals[c];
  }
  if (n <= 1) return null;
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < points; c++) {
    if (marginals[c] === 0) continue;
    let between = 0; // Σ n_g for g strictly between c and k (ordinal)
    for (let k = c + 1; k < points; k++) {
      if (marginals[k] === 0) { continue; }
      const d2 = metric === "interval" ? (k - c) ** 2 : (marginals[c] / 2 + between + marginals[k] / 2) ** 2;
      // δ² is symmetric and zero on the diagonal: count each off-diagonal pair twice.
      observed += 2 * o[c * points + k] * d2;
      expected += 2 * marginals[c] * marginals[k] * d2;
      between += marginals[k];
    }
  }
  if (expected <= 0) return null;
  return 1 - ((n - 1) * observed) / expected;
}

export class AlphaTally {
  private readonly types = new Map<string, UnitType>();
  private pairable = 0;

  /** `points`: the scale's number of points; histograms index them 0 .. points − 1. */
  constructor(readonly points: number) {}

  /** One unit (or `count` equal ones) by its histogram; units with fewer than two values are not pairable. */
  add(hist: ArrayLike<number>, count = 1): void {
    let m = 0;
    for (let i = 0; i < this.points; i++) m += hist[i] ?? 0;
    if (m < 2 || count <= 0) return;
    this.pairable += count;
    const key = Array.prototype.join.call(hist, ",");
    const t = this.types.get(key);
    if (t) t.count += count;
    else this.types.set(key, { hist: Array.from({ length: this.points }, (_, i) => hist[i] ?? 0), count });
  }

  get units(): number {
    return this.pairable;
  }

  private sortedTypes(): UnitType[] {
    // A fixed order, so the same units give the same draws however they were added.
    return [...this.types.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, t]) => t);
  }

  /** Each type's contribution to the coincidence matrix, as (cell, value) pairs: a few per type. */
  private contributions(types: UnitType[]): { cells: Int32Array; values: Float64Array }[] {
    const K = this.points;
    return types.map(({ hist }) => {
      const m = hist.reduce((s, v) => s + v, 0);
      const cells: number[] = [];
      const values: number[] = [];
      for (let c = 0; c < K; c++) {
        if (!hist[c]) continue;
        for (let k = 0; k < K; k++) {
          const pairs = c === k ? hist[c] * (hist[c] - 1) : hist[c] * hist[k];
          if (pairs === 0) continue;
          cells.push(c * K + k);
          values.push(pairs / (m - 1));
        }
      }
      return { cells: Int32Array.from(cells), values: Float64Array.from(values) };
    });
  }

  private coincidences(types: UnitType[], contributions: { cells: Int32Array; values: Float64Array }[], counts: ArrayLike<number>, o: Float64Array): void {
    o.fill(0);
    for (let t = 0; t < types.length; t++) {
      const w = counts[t];
      if (!w) continue;
      const { cells, values } = contributions[t];
      for (let i = 0; i < cells.length; i++) o[cells[i]] += w * values[i];
    }
  }

  /** Alpha under each metric, each with a 95% percentile bootstrap interval over units (none below MIN_CLUSTERS units). */
  results(opts: BootstrapOptions, key: string): Record<AlphaMetric, AlphaResult> {
    const K = this.points;
    const types = this.sortedTypes();
    const contributions = this.contributions(types);
    const o = new Float64Array(K * K);
    const marginals = new Float64Array(K);
    this.coincidences(types, contributions, types.map((t) => t.count), o);
    const point = { interval: alphaOfCoincidences(o, K, "interval", marginals), ordinal: alphaOfCoincidences(o, K, "ordinal", marginals) };
    const units = this.pairable;
    const none = (note: string) => ({ interval: { alpha: point.interval, units, interval: null, note }, ordinal: { alpha: point.ordinal, units, interval: null, note } });
    if (units === 0) return none("");
    if (units < MIN_CLUSTERS) return none(tooFewClustersNote(units, "prompts"));
    const probabilities = types.map((t) => t.count / units);
    const u = mulberry32(deriveSeed(opts.seed, `alpha|${key}`));
    const counts = new Array<number>(types.length);
    const stats: Record<AlphaMetric, number[]> = { interval: [], ordinal: [] };
    for (let r = 0; r < opts.resamples; r++) {
      multinomial(units, probabilities, u, counts);
      this.coincidences(types, contributions, counts, o);
      for (const metric of ["interval", "ordinal"] as const) {
        const a = alphaOfCoincidences(o, K, metric, marginals);
        if (a !== null) stats[metric].push(a); // a resample without variation has no alpha
      }
    }
    const ci = (xs: number[]): Interval | null => {
      if (xs.length < opts.resamples / 2) return null;
      xs.sort((a, b) => a - b);
      return { low: quantile(xs, 0.025), high: quantile(xs, 0.975) };
    };
    const result = (metric: AlphaMetric): AlphaResult => {
      const interval = point[metric] === null ? null : ci(stats[metric]);
      return { alpha: point[metric], units, interval, note: point[metric] !== null && !interval ? "no interval: most resamples have no variation" : "" };
    };
    return { interval: result("interval"), ordinal: result("ordinal") };
  }
}
