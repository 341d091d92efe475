// Runs one of the project's computation workers (pure work on the data it is given, answered with
// one message) on a worker thread: the leaderboard's slices, a single-sided report's dimensions, the
// reliability-weighted verdicts' fits.
// The worker compiled at install (scripts/build-cli.mjs) runs when it is newer than every source;
// otherwise this repository's TypeScript through tsx (a runtime dependency), resolved from the
// project root whether the caller is the CLI or the Next.js server's bundle.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { compiledCliIsCurrent } from "../../bin/compiled-cli.mjs";
import { env } from "../env";

/** The workers, by their compiled name (dist/cli/<name>.js), with their sources. */
export const COMPUTE_WORKERS = {
  "slice-worker": ["server", "leaderboard", "slice-worker.ts"],
  "score-rows-worker": ["server", "analytics", "score-rows-worker.ts"],
  "weighted-verdicts-worker": ["server", "quality", "weighted-verdicts-worker.ts"],
} as const;

export type ComputeWorker = keyof typeof COMPUTE_WORKERS;

// Plain CommonJS evaluated by the worker: it registers tsx when running from source, then loads the worker.
const BOOT = `
const { workerData } = require("node:worker_threads");
(workerData.tsxApi ? import(workerData.tsxApi).then(({ register }) => register()) : Promise.resolve()).then(() => import(workerData.script));`;

/** The ESM entry of tsx's API (what `import "tsx/esm/api"` resolves to), from tsx's own export map. */
function tsxEsmApi(root: string): string {
  const manifest = createRequire(path.join(/*turbopackIgnore: true*/ root, "package.json")).resolve("tsx/package.json");
  const entry = (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports["./esm/api"].import.default;
  return pathToFileURL(path.join(/*turbopackIgnore: true*/ path.dirname(manifest), entry)).href;
}

/** Starts `name` with `data` (structured-cloned; shared memory stays shared) and resolves with its one answer. */
export function runComputeWorker<R>(name: ComputeWorker, data: Record<string, unknown>, label: string): Promise<R> {
  const root = env().root;
  const compiled = compiledCliIsCurrent(root);
  const script = compiled
    ? pathToFileURL(path.join(/*turbopackIgnore: true*/ root, "dist", "cli", `${name}.js`)).href
    : pathToFileURL(path.join(/*turbopackIgnore: true*/ root, ...COMPUTE_WORKERS[name])).href;
  const tsxApi = compiled ? null : tsxEsmApi(root);
  return new Promise<R>((resolve, reject) => {
    const worker = new Worker(BOOT, { eval: true, workerData: { ...data, tsxApi, script } });
    worker.once("message", (r: R) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`${label} worker exited (${code}) before answering`)));
  });
}

/** Indices of `costs` split into `threads` shares of about equal cost (largest first onto the least loaded). */
export function balancedShares(costs: number[], threads: number): number[][] {
  const shares = Array.from({ length: threads }, () => ({ load: 0, items: [] as number[] }));
  for (const i of costs.map((_, i) => i).sort((x, y) => costs[y] - costs[x])) {
    const share = shares.reduce((best, s) => (s.load < best.load ? s : best));
    share.load += costs[i];
    share.items.push(i);
  }
  return shares.map((s) => s.items).filter((items) => items.length > 0);
}
