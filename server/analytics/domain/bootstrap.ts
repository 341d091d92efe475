// Percentile bootstrap intervals that resample prompts (the independent units) with replacement.
// A resample of n units from their empirical distribution is a multinomial draw over the distinct
// unit values (the same distribution as drawing n units one by one), costing O(distinct values)
// instead of O(n) per resample: scores and their prompt means take few distinct values, so a
// million judgments bootstrap quickly. See seeded-random.ts for how large binomials are drawn.
import type { Interval } from "./wilson-interval";
import { deriveSeed, mulberry32, multinomial } from "./seeded-random";

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

/**
 * The distinct pairs and their shares, ordered by the text `${a}|${b}` (the order the draws have
 * always used). Counted by number: the text is built once per distinct pair, not once per pair
 * (a report asks for this on tens of thousands of pairs per slice).
 */
function distinctPairs(pairs: [number, number][]): { values: [number, number][]; probabilities: number[] } {
  const byA = new Map<number, Map<number, { value: [number, number]; n: number }>>();
  for (const p of pairs) {
    let byB = byA.get(p[0]);
    if (!byB) byA.set(p[0], (byB = new Map()));
    const e = byB.get(p[1]);
    if (e) e.n++;
    else byB.set(p[1], { value: p, n: 1 });
  }
  const entries: { key: string; value: [number, number]; n: number }[] = [];
  for (const byB of byA.values()) for (const e of byB.values()) entries.push({ key: `${e.value[0]}|${e.value[1]}`, ...e });
  entries.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return { values: entries.map((e) => e.value), probabilities: entries.map((e) => e.n / pairs.length) };
}

function percentileInterval(stats: number[]): Interval {
  stats.sort((a, b) => a - b);
  return { low: quantile(stats, 0.025), high: quantile(stats, 0.975) };
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
  const probabilities = sorted.map(([, count]) => count / n);
  const u = mulberry32(deriveSeed(opts.seed, key));
  const stats: number[] = [];
  const counts = new Array<number>(vs.length);
  for (let r = 0; r < opts.resamples; r++) {
    multinomial(n, probabilities, u, counts);
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
  if (pairs.length === 0) return null;
  const u = mulberry32(deriveSeed(opts.seed, key));
  const { values: ps, probabilities } = distinctPairs(pairs);
  const ab: number[] = [];
  const ba: number[] = [];
  const diff: number[] = [];
  const counts = new Array<number>(ps.length);
  for (let r = 0; r < opts.resamples; r++) {
    multinomial(pairs.length, probabilities, u, counts);
    let sa = 0;
    let sb = 0;
    for (let i = 0; i < ps.length; i++) {
      sa += counts[i] * ps[i][0];
      sb += counts[i] * ps[i][1];
    }
    if (sb !== 0) ab.push((sa - sb) / sb);
    if (sa !== 0) ba.push((sb - sa) / sa);
    diff.push((sa - sb) / pairs.length);
  }
  return { aOverB: percentileInterval(ab), bOverA: percentileInterval(ba), difference: percentileInterval(diff) };
}
