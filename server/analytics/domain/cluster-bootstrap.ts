// Intervals for shares of judgments when judgments are not independent. A prompt's k graders see
// the same two responses, and one submission answers several dimensions at once, so judgments
// come in clusters whose members agree more than strangers do. A Wilson interval over judgments
// treats n judgments as n coin flips and is too narrow by about the square root of the design
// effect 1 + (m − 1)·ICC (m judgments per cluster). Resampling whole clusters — prompts for study
// figures, tasks for one grader's — keeps whatever dependence there is inside them.
//
// The share is a ratio estimator, Σ successes / Σ trials over the drawn clusters. Clusters with
// equal (successes, trials) are interchangeable, so a resample is a multinomial draw over the
// distinct pairs, as in bootstrap.ts: a handful of categories however many prompts there are.
import { percentileInterval, type BootstrapOptions } from "./bootstrap";
import { ResampleCounts } from "./resample-counts";
import { deriveSeed, mulberry32 } from "./seeded-random";
import type { Interval } from "./wilson-interval";

/**
 * Fewer independent units than this and a percentile bootstrap interval is not reported: with
 * n clusters it estimates the spread with factor √((n − 1)/n) and its 2.5% tail from a handful of
 * distinct resamples, so with 1 cluster it has zero width and with 5 it covers about 85–90%.
 */
export const MIN_CLUSTERS = 10;

/** What a study's clusters are: prompts (study figures) or tasks (one grader's submissions). */
export type ClusterUnit = "prompts" | "tasks";

/** How many clusters have this many successes out of this many trials. */
export interface ClusterCount {
  successes: number;
  trials: number;
  count: number;
}

/** An interval with the number of clusters it resampled, or none and the reason why. */
export interface ClusteredInterval {
  interval: Interval | null;
  clusters: number;
  /** empty when the interval is there; the reason when it is not */
  note: string;
}

export function tooFewClustersNote(clusters: number, unit: ClusterUnit): string {
  return `no interval: ${clusters} ${clusters === 1 ? unit.slice(0, -1) : unit}, fewer than the ${MIN_CLUSTERS} a bootstrap interval needs`;
}

/** `compute()` when there are enough clusters for it, else no interval and the reason. */
export function withEnoughClusters(clusters: number, unit: ClusterUnit, compute: () => Interval | null): ClusteredInterval {
  if (clusters < MIN_CLUSTERS) return { interval: null, clusters, note: clusters === 0 ? "" : tooFewClustersNote(clusters, unit) };
  return { interval: compute(), clusters, note: "" };
}

/** Clusters by their (successes, trials): a share's bootstrap input. */
export type ClusterTally = Map<number | string, ClusterCount>;

/** Below this, whole successes and trials make a numeric key (a report adds millions of clusters; text keys cost their strings). */
const KEY_FIELD = 2 ** 21;

/** Adds one cluster to a tally keyed by its (successes, trials); clusters without trials are not units of this share. */
export function addCluster(tally: ClusterTally, successes: number, trials: number, count = 1): void {
  if (trials <= 0 || count <= 0) return;
  const key = Number.isInteger(successes) && Number.isInteger(trials) && successes >= 0 && successes < KEY_FIELD && trials < KEY_FIELD
    ? successes * KEY_FIELD + trials : `${successes}/${trials}`;
  const c = tally.get(key);
  if (c) c.count += count;
  else tally.set(key, { successes, trials, count });
}

export function clusterCount(clusters: Iterable<ClusterCount>): number {
  let n = 0;
  for (const c of clusters) n += c.count;
  return n;
}

/**
 * 95% percentile interval of Σ successes / Σ trials, resampling clusters with replacement.
 * `key` names the statistic for its seed (see deriveSeed), so each figure has its own draws.
 */
export function bootstrapShare(clusters: ClusterCount[], opts: BootstrapOptions, key: string): Interval | null {
  const cs = clusters.filter((c) => c.trials > 0 && c.count > 0)
    .sort((a, b) => a.trials - b.trials || a.successes - b.successes); // a fixed order: the same draws however the tally was built
  const n = clusterCount(cs);
  if (n === 0) return null;
  const resampler = ResampleCounts.ofCounts(cs.map((c) => c.count));
  const u = mulberry32(deriveSeed(opts.seed, key));
  const counts = new Int32Array(cs.length);
  const stats: number[] = [];
  for (let r = 0; r < opts.resamples; r++) {
    resampler.draw(u, counts);
    let s = 0;
    let t = 0;
    for (let i = 0; i < cs.length; i++) {
      s += counts[i] * cs[i].successes;
      t += counts[i] * cs[i].trials;
    }
    stats.push(s / t); // t > 0: every cluster has trials
  }
  return percentileInterval(stats);
}

/** The clustered interval of a share: bootstrap over clusters when there are enough of them. */
export function clusteredShare(clusters: Iterable<ClusterCount>, unit: ClusterUnit, opts: BootstrapOptions, key: string): ClusteredInterval {
  const list = [...clusters];
  return withEnoughClusters(clusterCount(list), unit, () => bootstrapShare(list, opts, key));
}
