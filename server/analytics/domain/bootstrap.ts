// Percentile bootstrap intervals that resample prompts (the independent units) with replacement.
// A resample of n units from their empirical distribution is a multinomial draw over the distinct
// unit values (the same distribution as drawing n units one by one), costing O(distinct values)
// instead of O(n) per resample: scores and their prompt means take few distinct values, so a
// million judgments bootstrap quickly. resample-counts.ts draws it exactly.
import type { Interval } from "./wilson-interval";
import { ResampleCounts } from "./resample-counts";
import { selectedQuantiles } from "./selected-quantile";
import { deriveSeed, mulberry32 } from "./seeded-random";

export interface BootstrapOptions {
  resamples: number;
  seed: number;
}

export const DEFAULT_BOOTSTRAP: BootstrapOptions = { resamples: 2000, seed: 20260101 };

/** Type-7 (linear interpolation) quantile of sorted values. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? sorted[lo]) - sorted[lo]);
}

/** Paired units counted by their pair of values: a paired bootstrap's input, built without a tuple per unit. */
export class PairTally {
  private readonly byA = new Map<number, Map<number, number>>();
  units = 0;

  add(a: number, b: number, count = 1): void {
    let byB = this.byA.get(a);
    if (!byB) this.byA.set(a, (byB = new Map()));
    byB.set(b, (byB.get(b) ?? 0) + count);
    this.units += count;
  }

  /**
   * Σ a and Σ b over the units, summed over the distinct pairs in their fixed order: the same
   * figures to the last bit whatever order the units were added in (a report's units come in the
   * order the database hands them over, which is not the same on every engine).
   */
  sums(): { a: number; b: number } {
    let a = 0, b = 0;
    for (const p of this.distinct()) {
      a += p.a * p.count;
      b += p.b * p.count;
    }
    return { a, b };
  }

  /** The distinct pairs in a fixed order (by a, then b), whatever order they were added in: the draws depend on it. */
  distinct(): { a: number; b: number; count: number }[] {
    const out: { a: number; b: number; count: number }[] = [];
    for (const [a, byB] of this.byA) for (const [b, count] of byB) out.push({ a, b, count });
    return out.sort((x, y) => x.a - y.a || x.b - y.b);
  }
}

/**
 * Σ value × count over a tally of values (value → units with it), in value order: the same sum to
 * the last bit however the tally was filled (see PairTally.sums).
 */
export function sumByValue(tally: Map<number, number>): number {
  let sum = 0;
  for (const [value, count] of [...tally].sort(([x], [y]) => x - y)) sum += value * count;
  return sum;
}

/**
 * The 2.5% and 97.5% quantiles of the resampled statistics (type 7), found by selection rather
 * than a sort (selected-quantile.ts): the same two numbers, in less time.
 */
export function percentileInterval(stats: ArrayLike<number>): Interval {
  const [low, high] = selectedQuantiles(stats, [0.025, 0.975]);
  return { low, high };
}

/** 95% interval for the mean of `values` (one per unit). `key` names the statistic for its seed. */
export function bootstrapMean(values: number[], opts: BootstrapOptions, key: string): Interval | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return bootstrapMeanOf([...counts].map(([value, count]) => ({ value, count })), opts, key);
}

/**
 * The same interval from the units' distribution (distinct values and how many units have each),
 * as a database can deliver it without sending every unit: identical draws for the same multiset.
 */
export function bootstrapMeanOf(distribution: { value: number; count: number }[], opts: BootstrapOptions, key: string): Interval | null {
  // Equal values from different groups (2/1 and 4/2) are one category, as in bootstrapMean.
  const merged = new Map<number, number>();
  for (const d of distribution) if (d.count > 0) merged.set(d.value, (merged.get(d.value) ?? 0) + d.count);
  const n = [...merged.values()].reduce((s, c) => s + c, 0);
  if (n === 0) return null;
  const sorted = [...merged].sort(([a], [b]) => a - b);
  const vs = sorted.map(([value]) => value);
  const resampler = ResampleCounts.ofCounts(sorted.map(([, count]) => count));
  const u = mulberry32(deriveSeed(opts.seed, key));
  const stats: number[] = [];
  const counts = new Int32Array(vs.length);
  for (let r = 0; r < opts.resamples; r++) {
    resampler.draw(u, counts);
    let sum = 0;
    for (let i = 0; i < vs.length; i++) sum += counts[i] * vs[i];
    stats.push(sum / n);
  }
  return percentileInterval(stats);
}

/**
 * 95% paired intervals for the relative improvement of A over B, (mean a − mean b) / mean b, of
 * B over A, and for the difference mean a − mean b, over units scored for both. All come from the
 * same resamples: each is a function of the resampled pair of sums.
 */
export function bootstrapRelativeImprovements(pairs: [number, number][], opts: BootstrapOptions, key: string): { aOverB: Interval; bOverA: Interval; difference: Interval } | null {
  const tally = new PairTally();
  for (const [a, b] of pairs) tally.add(a, b);
  return bootstrapRelativeImprovementsOf(tally, opts, key);
}

/** The same intervals from the units counted by pair: identical draws for the same multiset. */
export function bootstrapRelativeImprovementsOf(tally: PairTally, opts: BootstrapOptions, key: string): { aOverB: Interval; bOverA: Interval; difference: Interval } | null {
  if (tally.units === 0) return null;
  const u = mulberry32(deriveSeed(opts.seed, key));
  const ps = tally.distinct();
  const resampler = ResampleCounts.ofCounts(ps.map((p) => p.count));
  const n = tally.units;
  const ab: number[] = [];
  const ba: number[] = [];
  const diff: number[] = [];
  const counts = new Int32Array(ps.length);
  for (let r = 0; r < opts.resamples; r++) {
    resampler.draw(u, counts);
    let sa = 0;
    let sb = 0;
    for (let i = 0; i < ps.length; i++) {
      sa += counts[i] * ps[i].a;
      sb += counts[i] * ps[i].b;
    }
    if (sb !== 0) ab.push((sa - sb) / sb);
    if (sa !== 0) ba.push((sb - sa) / sa);
    diff.push((sa - sb) / n);
  }
  return { aOverB: percentileInterval(ab), bOverA: percentileInterval(ba), difference: percentileInterval(diff) };
}
