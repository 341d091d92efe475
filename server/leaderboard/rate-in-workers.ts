// Rates the leaderboard's slices on worker threads: each slice is independent (its own prompts and
// seed), so they split across the machine's cores with identical results, and the server's own
// thread stays free for graders' requests while a million battles are resampled. Small
// leaderboards are rated here: starting a worker costs more than they do.
import os from "node:os";
import { balancedShares, runComputeWorker } from "../workers/compute-worker";
import { rateSlices, sliceCost, type LeaderboardOptions, type PreparedSlice, type SliceStandings } from "./domain/leaderboard";

/** Resampled draws below which a worker's start-up (loading TypeScript) costs more than the work. */
const WORKER_THRESHOLD = 20_000_000;

/**
 * Rates the slices, on worker threads when they are large enough. The dimensions' arrays are in
 * shared memory (leaderboard.ts): a worker receives only its slices' prompt lists and builds and
 * rates its slices itself, so that preparing them is spread over the cores too.
 */
export async function rateInWorkers(prepared: PreparedSlice[], models: number, options: LeaderboardOptions, threshold = WORKER_THRESHOLD): Promise<SliceStandings[]> {
  const total = prepared.reduce((n, s) => n + sliceCost(s), 0) * options.resamples;
  const threads = Math.min(prepared.length, os.availableParallelism());
  if (total < threshold || threads < 2) return rateSlices(prepared, models, options);
  const shares = balancedShares(prepared.map(sliceCost), threads);
  const results = await Promise.all(shares.map((share) =>
    runComputeWorker<SliceStandings[]>("slice-worker", { slices: share.map((i) => prepared[i]), models, options }, "leaderboard")));
  const out = new Array<SliceStandings>(prepared.length);
  shares.forEach((share, k) => share.forEach((i, j) => (out[i] = results[k][j])));
  return out;
}
