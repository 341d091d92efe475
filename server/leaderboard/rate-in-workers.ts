// Rates the leaderboard's slices on worker threads: each slice is independent (its own prompts and
// seed), so they split across the machine's cores with identical results, and the server's own
// thread stays free for graders' requests while a million battles are resampled. Small
// leaderboards are rated here: starting a worker costs more than they do.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { compiledCliIsCurrent } from "../../bin/compiled-cli.mjs";
import { env } from "../env";
import { rateSlices, sliceCost, type LeaderboardOptions, type PreparedSlice, type SliceStandings } from "./domain/leaderboard";

// Plain CommonJS evaluated by the worker: it registers tsx when running from source, then loads the worker.
const BOOT = `
const { workerData } = require("node:worker_threads");
(workerData.tsxApi ? import(workerData.tsxApi).then(({ register }) => register()) : Promise.resolve()).then(() => import(workerData.script));`;

/** Resampled draws below which a worker's start-up (loading TypeScript) costs more than the work. */
const WORKER_THRESHOLD = 20_000_000;

/** The ESM entry of tsx's API (what `import "tsx/esm/api"` resolves to), from tsx's own export map. */
function tsxEsmApi(root: string): string {
  const manifest = createRequire(path.join(/*turbopackIgnore: true*/ root, "package.json")).resolve("tsx/package.json");
  const entry = (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports["./esm/api"].import.default;
  return pathToFileURL(path.join(/*turbopackIgnore: true*/ path.dirname(manifest), entry)).href;
}

/**
 * Rates the slices, on worker threads when they are large enough. The dimensions' arrays are in
 * shared memory (leaderboard.ts): a worker receives only its slices' prompt lists and builds and
 * rates its slices itself, so that preparing them is spread over the cores too.
 */
export async function rateInWorkers(prepared: PreparedSlice[], models: number, options: LeaderboardOptions, threshold = WORKER_THRESHOLD): Promise<SliceStandings[]> {
  const total = prepared.reduce((n, s) => n + sliceCost(s), 0) * options.resamples;
  const threads = Math.min(prepared.length, os.availableParallelism());
  if (total < threshold || threads < 2) return rateSlices(prepared, models, options);
  // Largest first onto the least loaded thread: shares of about equal cost.
  const shares = Array.from({ length: threads }, () => ({ load: 0, slices: [] as number[] }));
  for (const i of prepared.map((_, i) => i).sort((x, y) => sliceCost(prepared[y]) - sliceCost(prepared[x]))) {
    const share = shares.reduce((best, s) => (s.load < best.load ? s : best));
    share.load += sliceCost(prepared[i]);
    share.slices.push(i);
  }
  const root = env().root;
  // The worker compiled at install (scripts/build-cli.mjs) when it is newer than every source;
  // otherwise this repository's TypeScript run through tsx (a runtime dependency), resolved from
  // the project root whether the caller is the CLI or the Next.js server's bundle.
  const compiled = compiledCliIsCurrent(root);
  const script = compiled
    ? pathToFileURL(path.join(/*turbopackIgnore: true*/ root, "dist", "cli", "slice-worker.js")).href
    : pathToFileURL(path.join(/*turbopackIgnore: true*/ root, "server", "leaderboard", "slice-worker.ts")).href;
  const tsxApi = compiled ? null : tsxEsmApi(root);
  const results = await Promise.all(shares.map((share) => new Promise<SliceStandings[]>((resolve, reject) => {
    const worker = new Worker(BOOT, { eval: true, workerData: { tsxApi, script, slices: share.slices.map((i) => prepared[i]), models, options } });
    worker.once("message", (r: SliceStandings[]) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`leaderboard worker exited (${code}) before answering`)));
  })));
  const out = new Array<SliceStandings>(prepared.length);
  shares.forEach((share, k) => share.slices.forEach((i, j) => (out[i] = results[k][j])));
  return out;
}
