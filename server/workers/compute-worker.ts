// Runs tasks of the project's computation workers (pure work on the data each task brings, answered
// with one message) on worker threads that are kept between tasks: the leaderboard's slices, a
// single-sided report's dimensions, the reliability-weighted verdicts' fits.
// The worker compiled at install (scripts/build-cli.mjs) runs when it is newer than every source;
// otherwise this repository's TypeScript through tsx (a runtime dependency), resolved from the
// project root whether the caller is the CLI or the Next.js server's bundle.
import { readFileSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { compiledCliBuiltAt, newestCliSource } from "../../bin/compiled-cli.mjs";
import { env } from "../env";
import type { ComputeAnswer } from "./serve-compute-tasks";

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

/**
 * Idle workers of each kind kept for the next task, and for how long. A fresh worker runs its first
 * task on code V8 has not optimised yet: the reliability-weighted verdicts' fits at a million
 * judgments took 1.2–1.8 s on fresh workers and 0.7–0.8 s on the same workers' second task
 * (docs/performance.md). One kept per core; more start when several requests compute at once,
 * and those beyond the kept number end with their task. An idle worker holds only its code and
 * heap (no request's data), and ends after a few idle minutes.
 */
const KEPT_IDLE = os.availableParallelism();
const IDLE_MS = 5 * 60_000;

interface Task {
  id: number;
  resolve: (r: unknown) => void;
  reject: (e: Error) => void;
  label: string;
}

interface KeptWorker {
  worker: Worker;
  /** what it runs: the compiled worker of one build (its stamp's time), or the TypeScript sources */
  code: string;
  task: Task | null;
  idleTimer: NodeJS.Timeout | null;
}

// On globalThis: Next.js may load this module in several chunks; one pool per process is enough.
interface Pool {
  byName: Map<ComputeWorker, KeptWorker[]>;
  started: number;
  nextId: number;
  /** the latest answer of currentCode, when it was worked out, and how often it was */
  code: { name: string; at: number } | null;
  codeChecks: number;
}
const holder = globalThis as unknown as { verdictComputeWorkers?: Pool };
const pool = (): Pool => (holder.verdictComputeWorkers ??= { byName: new Map(), started: 0, nextId: 1, code: null, codeChecks: 0 });
const workersOf = (name: ComputeWorker): KeptWorker[] => pool().byName.get(name) ?? [];

/** Workers started by this process so far, and those of a kind alive and busy now (tests check that tasks reuse them). */
export const computeWorkersStarted = () => pool().started;
/** How often this process has looked for the code its workers should run (a walk over the sources). */
export const computeWorkerCodeChecks = () => pool().codeChecks;
export const computeWorkersOf = (name: ComputeWorker) => ({ alive: workersOf(name).length, busy: workersOf(name).filter((w) => w.task !== null).length });

/**
 * The code a worker should run now, named by its time: the compiled workers while they are newer
 * than every source, otherwise the TypeScript sources. A later build or an edited source makes
 * kept workers of older code unfit for new tasks.
 */
function currentCode(root: string): string {
  const built = compiledCliBuiltAt(root);
  const sources = newestCliSource(root);
  return built !== null && sources < built ? `compiled ${built}` : `sources ${sources}`;
}

/**
 * currentCode at most once a second: it walks server/ and seed/ (10–30 ms on a busy machine) on
 * the request's thread, and one request hands out several tasks (a dimension or a slice each). An
 * edit is seen by tasks started a second later.
 */
const CODE_CHECK_MS = 1_000;
function codeNow(root: string): string {
  const p = pool();
  const now = Date.now();
  if (p.code && now - p.code.at < CODE_CHECK_MS) return p.code.name;
  p.codeChecks++;
  p.code = { name: currentCode(root), at: now };
  return p.code.name;
}

function startWorker(name: ComputeWorker, root: string, code: string): KeptWorker {
  const compiled = code.startsWith("compiled");
  const script = compiled
    ? pathToFileURL(path.join(/*turbopackIgnore: true*/ root, "dist", "cli", `${name}.js`)).href
    : pathToFileURL(path.join(/*turbopackIgnore: true*/ root, ...COMPUTE_WORKERS[name])).href;
  const tsxApi = compiled ? null : tsxEsmApi(root);
  const kept: KeptWorker = { worker: new Worker(BOOT, { eval: true, workerData: { tsxApi, script } }), code, task: null, idleTimer: null };
  const p = pool();
  p.started++;
  const list = p.byName.get(name) ?? p.byName.set(name, []).get(name)!;
  list.push(kept);
  const drop = (e: Error) => {
    const i = list.indexOf(kept);
    if (i >= 0) list.splice(i, 1);
    if (kept.idleTimer) clearTimeout(kept.idleTimer);
    const t = kept.task;
    kept.task = null;
    t?.reject(e);
  };
  kept.worker.on("message", (m: ComputeAnswer<unknown>) => {
    const t = kept.task;
    if (!t || m.id !== t.id) return;
    kept.task = null;
    becomeIdle(name, kept);
    if ("error" in m) t.reject(new Error(`${t.label}: ${m.error}`));
    else t.resolve(m.result);
  });
  kept.worker.on("error", (e) => drop(e));
  kept.worker.on("exit", (code) => drop(new Error(`${kept.task?.label ?? name} worker exited (${code}) before answering`)));
  return kept;
}

/** A worker whose task ended: kept for the next one (within the kept number), otherwise ended. */
function becomeIdle(name: ComputeWorker, kept: KeptWorker) {
  const idle = workersOf(name).filter((w) => w.task === null);
  if (idle.length > KEPT_IDLE) {
    retire(name, kept);
    return;
  }
  kept.worker.unref(); // an idle worker never keeps a CLI run or a test process alive
  kept.idleTimer = setTimeout(() => retire(name, kept), IDLE_MS);
  kept.idleTimer.unref();
}

/** Out of the pool first, so that no task is given to a worker that is ending. */
function retire(name: ComputeWorker, kept: KeptWorker) {
  const list = workersOf(name);
  const i = list.indexOf(kept);
  if (i >= 0) list.splice(i, 1);
  void kept.worker.terminate();
}

/**
 * Runs a task on a worker of kind `name` with `data` (structured-cloned; shared memory stays
 * shared) and resolves with its answer: on an idle kept worker when there is one, else on a new one.
 */
export function runComputeWorker<R>(name: ComputeWorker, data: Record<string, unknown>, label: string): Promise<R> {
  const p = pool();
  const root = env().root;
  const code = codeNow(root);
  for (const stale of workersOf(name).filter((w) => w.task === null && w.code !== code)) retire(name, stale);
  const kept = workersOf(name).find((w) => w.task === null) ?? startWorker(name, root, code);
  if (kept.idleTimer) clearTimeout(kept.idleTimer);
  kept.idleTimer = null;
  return new Promise<R>((resolve, reject) => {
    kept.task = { id: p.nextId++, resolve: resolve as (r: unknown) => void, reject, label };
    kept.worker.ref(); // a task in flight keeps the process alive until it is answered
    try {
      kept.worker.postMessage({ id: kept.task.id, data });
    } catch (e) {
      // Data that cannot be cloned: the worker never saw the task and stays free.
      kept.task = null;
      becomeIdle(name, kept);
      reject(e instanceof Error ? e : new Error(String(e)));
    }
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
