// Grading under load: N simulated graders loop "next task, then submit" over HTTP against the
// production build, and in the same run the same N loop a no-op tRPC query (the baseline).
//   npm run bench:grading -- [--engine sqlite|pg] [--graders 100] [--seconds 20] [--think-ms 0] [--gold-rate 0] [--no-analyze]
// Prints throughput and p50/p95/p99 latency for both, and their ratios; writes bench/results/.
// --think-ms adds a pause after each task (a grader reading), for latency at a given pace
// rather than at saturation. --gold-rate mixes gold items into every grader's tasks at that rate
// (quality control's extra reads on the lease path).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs, intFlag, stringFlag } from "../server/cli/args";
import { createBenchDatabase } from "./lib/bench-database";
import { benchLogin as login, setUpGradingStudy } from "./lib/grading-study";
import { ensureBuild, startAppServer } from "./lib/app-server";
import { summarise, type LatencySummary } from "./lib/latency";
import { processCpuMs } from "./lib/process-cpu";

const args = parseArgs(process.argv.slice(2));
const engine = (stringFlag(args, "engine") ?? "sqlite") as "sqlite" | "pg";
const GRADERS = intFlag(args, "graders", 100);
const SECONDS = intFlag(args, "seconds", 20);
const PORT = intFlag(args, "port", 3210);
const THINK_MS = intFlag(args, "think-ms", 0);
const GOLD_RATE = Number(stringFlag(args, "gold-rate") ?? 0);
// SQLite durability for this run's server (default FULL, as in production): NORMAL measures what FULL costs.
const SYNCHRONOUS = (stringFlag(args, "synchronous") ?? "FULL").toUpperCase();
if (SYNCHRONOUS !== "FULL" && SYNCHRONOUS !== "NORMAL") throw new Error(`--synchronous must be FULL or NORMAL, got "${SYNCHRONOUS}"`);

/** Runs fn, adds its duration to `lat`, and tells `also` the duration and when it started. */
async function timed<T>(lat: number[], fn: () => Promise<T>, also?: (ms: number, t0: number) => void): Promise<T> {
  const t0 = performance.now();
  const r = await fn();
  const ms = performance.now() - t0;
  lat.push(ms);
  also?.(ms, t0);
  return r;
}

/** `serverPid`: the server's process, for its CPU time per request (processCpuMs). */
async function phase(name: string, serverPid: number | undefined, cookies: string[], loop: (cookie: string, lat: number[]) => Promise<boolean>, thinkMs = 0): Promise<{ requests: LatencySummary; loops: number; errors: number; seconds: number; serverCpuMsPerRequest: number | null }> {
  const lat: number[] = [];
  const cpuBefore = serverPid === undefined ? null : processCpuMs(serverPid);
  let loops = 0;
  let errors = 0;
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(cookies.map(async (cookie) => {
    if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs * Math.random())); // arrive spread out, not all at once
    while (performance.now() < end) {
      try {
        if (!(await loop(cookie, lat))) break;
        loops++;
        // Graders start out of step, then pause as if reading the next task.
        if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
      } catch (e) {
        errors++;
        if (errors < 5) console.error(`${name}: ${(e as Error).message}`);
      }
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const cpuAfter = serverPid === undefined ? null : processCpuMs(serverPid);
  const serverCpuMsPerRequest = cpuBefore === null || cpuAfter === null || lat.length === 0 ? null : (cpuAfter - cpuBefore) / lat.length;
  return { requests: summarise(lat, seconds), loops, errors, seconds, serverCpuMsPerRequest };
}

async function main() {
  console.log(`grading benchmark: ${engine}, ${GRADERS} graders, ${SECONDS} s per phase${GOLD_RATE ? `, gold items at ${GOLD_RATE}` : ""}${engine === "sqlite" ? `, synchronous=${SYNCHRONOUS}` : ""}`);
  ensureBuild();
  const bench = await createBenchDatabase(engine);
  const { graders, studyId } = await setUpGradingStudy(bench.db, { graders: GRADERS, items: 6000, goldRate: GOLD_RATE });
  // The planner's statistics as autovacuum would keep them on a production server (it is off on
  // these machines' PostgreSQL): without them PostgreSQL plans the hot path's prepared statements
  // for empty tables, and the warm-up's thousands of rows turn those plans into scans.
  // --no-analyze measures without them.
  const analyze = async () => { if (engine === "pg" && args.flags["no-analyze"] === undefined) await bench.db.$executeRawUnsafe("ANALYZE"); };
  await analyze();
  const server = await startAppServer(bench.url, PORT, { VERDICT_SQLITE_SYNCHRONOUS: SYNCHRONOUS });
  const serverPid = server.child.pid;
  try {
    const cookies = [];
    for (const g of graders) cookies.push(await login(server.url, g.email));
    const ping = async (cookie: string, lat: number[]) => {
      const res = await timed(lat, () => fetch(`${server.url}/api/trpc/health.ping`, { headers: { cookie } }));
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`ping ${res.status}`);
      return true;
    };
    await phase("warm-up", serverPid, cookies.slice(0, 10), ping);
    const baseline = await phase("no-op", serverPid, cookies, ping, THINK_MS);
    const post = (cookie: string, proc: string, input: unknown) => fetch(`${server.url}/api/trpc/${proc}`, {
      method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ json: input }) });
    // Each procedure's own latencies too, with when each request started (seconds into the phase).
    const byProcedure = { next: [] as number[], submit: [] as number[] };
    const startedAt: [number, number][] = [];
    let phaseStart = 0;
    const timedAs = <T>(lat: number[], which: "next" | "submit", fn: () => Promise<T>) => timed(lat, fn, (ms, t0) => {
      byProcedure[which].push(ms);
      startedAt.push([(t0 - phaseStart) / 1000, ms]);
    });
    const grade = async (cookie: string, lat: number[]) => {
      phaseStart ||= performance.now(); // the phase's first request
      const nextRes = await timedAs(lat, "next", () => post(cookie, "grading.next", { studyId }));
      const task = ((await nextRes.json()) as { result?: { data?: { json?: { assignmentId: string; dimensions: { key: string }[] } | null } } }).result?.data?.json;
      if (!nextRes.ok) throw new Error(`next ${nextRes.status}`);
      if (!task) return false;
      const values = Object.fromEntries(task.dimensions.map((d) => [d.key, (d.key.length % 7) - 3]));
      const sub = await timedAs(lat, "submit", () => post(cookie, "grading.submit", { assignmentId: task.assignmentId, values, timeSpentMs: 30_000 }));
      await sub.arrayBuffer();
      if (!sub.ok) throw new Error(`submit ${sub.status}`);
      return true;
    };
    // The grading path warmed as the no-op's was (its code compiled, the pools' connections open),
    // so that both measure a running server, not its first seconds.
    await phase("grading warm-up", serverPid, cookies.slice(0, 10), grade);
    await analyze();
    byProcedure.next.length = byProcedure.submit.length = startedAt.length = 0;
    phaseStart = 0;
    const grading = await phase("grading", serverPid, cookies, grade, THINK_MS);
    const stored = await bench.db.assignment.count({ where: { studyId, status: "SUBMITTED" } });
    const result = {
      engine, synchronous: engine === "sqlite" ? SYNCHRONOUS : undefined, graders: GRADERS, seconds: SECONDS, thinkMs: THINK_MS, goldRate: GOLD_RATE, date: new Date().toISOString(),
      noop: baseline.requests, grading: grading.requests, tasksPerSecond: grading.loops / grading.seconds, errors: grading.errors + baseline.errors,
      submissionsStored: stored, tasksAcknowledged: grading.loops,
      throughputRatio: grading.requests.perSecond / baseline.requests.perSecond, p95Ratio: grading.requests.p95 / baseline.requests.p95,
      serverCpuMsPerRequest: { noop: baseline.serverCpuMsPerRequest, grading: grading.serverCpuMsPerRequest },
    };
    const f = (n: number) => n.toFixed(1);
    console.log(`\n| ${engine}${engine === "sqlite" ? ` (synchronous=${SYNCHRONOUS})` : ""}${THINK_MS ? `, ${THINK_MS} ms think time` : ""}${GOLD_RATE ? `, gold ${GOLD_RATE}` : ""} | requests/s | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|`);
    console.log(`| no-op tRPC query (baseline) | ${f(result.noop.perSecond)} | ${f(result.noop.p50)} | ${f(result.noop.p95)} | ${f(result.noop.p99)} |`);
    console.log(`| next + submit (each request) | ${f(result.grading.perSecond)} | ${f(result.grading.p50)} | ${f(result.grading.p95)} | ${f(result.grading.p99)} |`);
    for (const which of ["next", "submit"] as const) {
      const x = summarise(byProcedure[which], grading.seconds);
      console.log(`| ${which} alone | ${f(x.perSecond)} | ${f(x.p50)} | ${f(x.p95)} | ${f(x.p99)} |`);
    }
    // The slowest requests by when they started: a tail that sits at the phase's start is warm-up, one spread over it is not.
    const windows = new Map<number, number[]>();
    for (const [at, ms] of startedAt) windows.set(Math.floor(at / 5), [...(windows.get(Math.floor(at / 5)) ?? []), ms]);
    console.log(`requests by start (5 s windows): ${[...windows.entries()].sort((a, b) => a[0] - b[0]).map(([w, xs]) => { const x = summarise(xs, 5); return `${w * 5}–${w * 5 + 5} s: n ${x.count}, p50 ${f(x.p50)}, p95 ${f(x.p95)}`; }).join("; ")}`);
    console.log(`\ntasks completed: ${f(result.tasksPerSecond)}/s (${result.tasksAcknowledged} acknowledged, ${stored} stored), errors: ${result.errors}`);
    console.log(`throughput vs no-op: ${(result.throughputRatio * 100).toFixed(0)}%; p95 vs no-op: ${result.p95Ratio.toFixed(2)}×`);
    // The server's CPU per request, logins and page loads aside: less swayed by the machine's load than the latencies.
    const cpu = result.serverCpuMsPerRequest;
    if (cpu.noop !== null && cpu.grading !== null) console.log(`server CPU per request: no-op ${cpu.noop.toFixed(2)} ms, grading ${cpu.grading.toFixed(2)} ms (${(cpu.grading / cpu.noop).toFixed(2)}×)`);
    const dir = path.resolve(import.meta.dirname, "results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `grading-${engine}${engine === "sqlite" && SYNCHRONOUS !== "FULL" ? `-${SYNCHRONOUS.toLowerCase()}` : ""}${THINK_MS ? `-think${THINK_MS}` : ""}${GOLD_RATE ? `-gold${GOLD_RATE}` : ""}.json`), JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    await bench.drop();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
