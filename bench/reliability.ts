// Load and faults, then every invariant checked in the database. Graders loop "next task, submit"
// over HTTP against one or two app instances; a fault can be injected half-way:
//   kill         SIGKILL one app instance, start it again
//   pg-restart   restart the PostgreSQL server (pg_ctlcluster) under the app
// During the load, a sampler checks twice a second that no item has more live leases than room
// (accepted + live leases ≤ k). Afterwards: every submission a client saw acknowledged is stored
// exactly once with all its dimensions; no item has more than k accepted judgments; no submission
// was surplus while its lease was still live (over-leasing); no grader holds two assignments of one
// item; nothing is half-written; the unit tallies and hourly shifts equal the judgments summed afresh; leases of a
// killed run expire and their items are leased again.
// Every failed request counts against the run unless it is a connection error (or "database
// unreachable") inside the fault window (bench/lib/failure-rule.ts). The run ends by itself: past
// --deadline it reports where it was, kills its servers, drops its database and fails.
//   npm run bench:reliability -- --engine sqlite|pg [--instances 1|2] [--graders 200] [--seconds 60] [--fault none|kill|pg-restart]
//     [--lease-minutes 1] [--submit-elsewhere] [--port 3300] [--db-prefix verdict_bench] [--deadline SECONDS]
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeUser } from "../seed/factories";
import { intFlag, parseArgs, stringFlag } from "../server/cli/args";
import { TASK_TALLY_COLUMNS, taskTallyOfJudgments, unitTallyOfJudgments } from "../server/analytics/judgment-sql";
import { SHIFT_COLUMNS, shiftsOfRows, studyRows } from "../server/analytics/hourly-shift-sql";
import { nativeRows, toNumber } from "../server/db/native-read";
import { pgTimestamp } from "../server/db/pg-native";
import { sqliteDateTime } from "../server/db/sqlite-date-time";
import { DATABASE_UNAVAILABLE } from "../server/db/unavailable";
import { hotPathFor } from "../server/grading/hot-path";
import { ensureBuild, startAppServer } from "./lib/app-server";
import { createBenchDatabase, type BenchDatabase } from "./lib/bench-database";
import { FAULT_GRACE_MS, forgiven, type FailedRequest, type FaultWindow } from "./lib/failure-rule";
import { BENCH_DIMENSIONS, BENCH_PASSWORD, benchLogin, setUpGradingStudy } from "./lib/grading-study";

// A study's unit tallies as stored by the triggers, and as its counted judgments sum today.
const UNIT_TALLY_STORED = `SELECT "itemId", "dimensionId", "studyId", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies" FROM "UnitTally" WHERE "studyId" = ?`;
const UNIT_TALLY_FRESH = unitTallyOfJudgments("?");
// Its task tallies likewise.
const TASK_TALLY_STORED = `SELECT ${TASK_TALLY_COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "TaskTally" WHERE "studyId" = ?`;
const TASK_TALLY_FRESH = taskTallyOfJudgments("?");
// Its hourly histogram shifts likewise (rows summing to nothing may stay in the table).
const SHIFTS_STORED = `SELECT ${SHIFT_COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "HourlyHistogramShift" WHERE "studyId" = ? AND ("units" <> 0 OR "judgments" <> 0)`;
const shiftsFresh = (e: "sqlite" | "pg") => shiftsOfRows(e, studyRows("?"));

const args = parseArgs(process.argv.slice(2));
const engine = (stringFlag(args, "engine") ?? "sqlite") as "sqlite" | "pg";
const INSTANCES = intFlag(args, "instances", 1);
const GRADERS = intFlag(args, "graders", 200);
const SECONDS = intFlag(args, "seconds", 60);
const FAULT = (stringFlag(args, "fault") ?? "none") as "none" | "kill" | "pg-restart";
// Short by default, so that a killed run's leases expire within the benchmark.
const LEASE_MINUTES = intFlag(args, "lease-minutes", 1);
const BASE_PORT = intFlag(args, "port", 3300);
const DB_PREFIX = stringFlag(args, "db-prefix") ?? "verdict_bench";
// With two instances: lease on one, submit on the other (the outside run that found over-leasing).
const SUBMIT_ELSEWHERE = args.flags["submit-elsewhere"] === true;
const K = 3;
// Load, the wait for abandoned leases, set-up and checks, with room to spare.
const DEADLINE_SECONDS = intFlag(args, "deadline", SECONDS + (FAULT === "kill" ? LEASE_MINUTES * 60 : 0) + 300);
const SAMPLE_MS = 500;

if (engine === "sqlite" && INSTANCES > 1) throw new Error("SQLite is the single-instance engine; use --engine pg for several instances");
if (FAULT === "pg-restart" && engine !== "pg") throw new Error("--fault pg-restart needs --engine pg");
if (!/^[a-z_][a-z0-9_]{0,30}$/.test(DB_PREFIX)) throw new Error(`--db-prefix must be a lower-case identifier of at most 31 characters, got "${DB_PREFIX}"`);

interface Outcome { acked: Map<string, string>; requests: number; failures: FailedRequest[]; okAfterFault: number }

const post = (base: string, cookie: string, proc: string, input: unknown) =>
  fetch(`${base}/api/trpc/${proc}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ json: input }), signal: AbortSignal.timeout(30_000) });

/** What a client was told when a request failed: the status and tRPC message. */
async function httpFailure(res: Response, at: number): Promise<FailedRequest> {
  let message: string;
  try {
    const body = (await res.json()) as { error?: { json?: { message?: string } } };
    message = `${res.status} ${body.error?.json?.message ?? "(no message)"}`;
  } catch {
    message = `${res.status} (not JSON)`;
  }
  return { at, kind: "http", status: res.status, message };
}

function thrownFailure(e: unknown, at: number): FailedRequest {
  const err = e as Error & { cause?: { message?: string } };
  if (err.name === "TimeoutError" || err.name === "AbortError") return { at, kind: "timeout", message: `timeout: ${err.message}` };
  return { at, kind: "network", message: `network: ${err.cause ? String(err.cause.message ?? err.cause) : err.message}` };
}

function pgCluster() {
  return readdirSync("/etc/postgresql")[0];
}

/** Items with more live leases than room right now (accepted + live leases > k), in one statement. */
async function overbookedNow(db: BenchDatabase["db"], studyId: string): Promise<number> {
  const now = new Date();
  return toNumber((await nativeRows(db, `SELECT COUNT(*) FROM "Item" i WHERE i."studyId" = ? AND i."submittedCount" +
    (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = i."id" AND a."status" = 'LEASED' AND a."expiresAt" > ?) > ${K}`,
  [studyId, engine === "sqlite" ? sqliteDateTime(now) : pgTimestamp(now)]))[0][0]);
}

type Server = Awaited<ReturnType<typeof startAppServer>>;
let phase = "starting";
let bench: BenchDatabase | null = null;
const servers: Server[] = [];

/** Past the deadline: say where the run was, kill what it started, drop its database, fail. */
const deadline = setTimeout(() => {
  console.error(`\nDEADLINE: the run did not finish within ${DEADLINE_SECONDS} s (phase: ${phase}); stopping it.`);
  console.log("RUN FAILED: deadline");
  for (const s of servers) s.child.kill("SIGKILL");
  const drop = bench?.drop() ?? Promise.resolve();
  Promise.race([drop, new Promise((r) => setTimeout(r, 15_000))]).finally(() => process.exit(1));
}, DEADLINE_SECONDS * 1000);
deadline.unref();

async function main() {
  console.log(`reliability: ${engine}, ${INSTANCES} instance(s), ${GRADERS} graders, ${SECONDS} s, fault: ${FAULT}, leases of ${LEASE_MINUTES} min,${SUBMIT_ELSEWHERE ? " submitting on the other instance," : ""} ports ${BASE_PORT}+, deadline ${DEADLINE_SECONDS} s`);
  ensureBuild();
  bench = await createBenchDatabase(engine, { prefix: DB_PREFIX });
  const db = bench.db;
  const url = bench.url;
  try {
    phase = "set-up";
    const { graders, studyId } = await setUpGradingStudy(db, { graders: GRADERS, items: 4000, leaseMinutes: LEASE_MINUTES });
    for (let i = 0; i < INSTANCES; i++) servers.push(await startAppServer(url, BASE_PORT + i));
    const cookies = [];
    for (const [i, g] of graders.entries()) cookies.push(await benchLogin(servers[i % INSTANCES].url, g.email));

    phase = "load";
    const out: Outcome = { acked: new Map(), requests: 0, failures: [], okAfterFault: 0 };
    let window = null as FaultWindow | null; // set by the fault, inside a closure
    let faultAt = Infinity;
    let faultDone = false;
    const t0 = Date.now();
    const end = t0 + SECONDS * 1000;
    const pause = () => new Promise((r) => setTimeout(r, 200));
    const clients = cookies.map(async (cookie, i) => {
      while (Date.now() < end) {
        // With --fault kill, every other grader of the killed instance leaves when it dies, abandoning their lease.
        if (FAULT === "kill" && i % INSTANCES === 0 && Math.floor(i / INSTANCES) % 2 === 1 && faultAt !== Infinity) break;
        const base = servers[i % INSTANCES].url;
        try {
          out.requests++;
          const next = await post(base, cookie, "grading.next", { studyId });
          if (!next.ok) { out.failures.push(await httpFailure(next, Date.now() - t0)); await pause(); continue; }
          const task = ((await next.json()) as { result: { data: { json: { assignmentId: string; dimensions: { key: string }[] } | null } } }).result.data.json;
          if (!task) break;
          const values = Object.fromEntries(task.dimensions.map((d) => [d.key, ((i + d.key.length) % 7) - 3]));
          out.requests++;
          const submitTo = SUBMIT_ELSEWHERE ? servers[(i + 1) % INSTANCES].url : base;
          const sub = await post(submitTo, cookie, "grading.submit", { assignmentId: task.assignmentId, values, timeSpentMs: 20_000 });
          if (!sub.ok) { out.failures.push(await httpFailure(sub, Date.now() - t0)); continue; }
          await sub.arrayBuffer();
          out.acked.set(task.assignmentId, cookie);
          if (faultDone) out.okAfterFault++;
        } catch (e) {
          out.failures.push(thrownFailure(e, Date.now() - t0));
          await pause();
        }
      }
    });

    // "Accepted + live leases ≤ k" at every instant: sampled during the load, not only after it.
    const samples = { taken: 0, failed: 0, withOverbooking: 0, maxOverbooked: 0 };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        try {
          const n = await overbookedNow(db, studyId);
          samples.taken++;
          if (n > 0) samples.withOverbooking++;
          samples.maxOverbooked = Math.max(samples.maxOverbooked, n);
        } catch {
          samples.failed++; // e.g. while PostgreSQL restarts
        }
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
      }
    })();

    const fault = (async () => {
      if (FAULT === "none") return;
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
      faultAt = Date.now();
      if (FAULT === "kill") {
        const victim = servers[0];
        victim.child.kill("SIGKILL");
        await new Promise((r) => (victim.child.exitCode !== null || victim.child.signalCode !== null ? r(null) : victim.child.once("exit", r)));
        console.log(`killed instance 1 (SIGKILL) at ${((faultAt - t0) / 1000).toFixed(0)} s; restarting`);
        servers[0] = await startAppServer(url, BASE_PORT);
        console.log(`instance 1 back after ${((Date.now() - faultAt) / 1000).toFixed(1)} s`);
      } else {
        const version = pgCluster();
        execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart", "-m", "fast"], { stdio: "inherit" });
        console.log(`PostgreSQL ${version} restarted in ${((Date.now() - faultAt) / 1000).toFixed(1)} s`);
      }
      window = { from: faultAt - t0, to: Date.now() - t0 + FAULT_GRACE_MS };
      faultDone = true;
    })();
    await Promise.all([...clients, fault]);
    sampling = false;
    await sampler;

    // A killed run's leases: the graders who left hold them until they expire; then the items
    // must be open again (no live lease counted) and offered to other graders.
    let deadLeases = 0;
    let releasedAgain = 0;
    let notOfferedAgain = 0;
    if (FAULT === "kill") {
      phase = "waiting for abandoned leases to expire";
      const leased = await nativeRows(db, `SELECT "itemId" FROM "Assignment" WHERE "studyId" = ? AND "status" = 'LEASED'`, [studyId]);
      deadLeases = leased.length;
      console.log(`${deadLeases} leases left by graders who left; waiting ${LEASE_MINUTES} min for them to expire`);
      await new Promise((r) => setTimeout(r, LEASE_MINUTES * 60_000 + 2000));
      const abandoned = new Set(leased.map((r) => String(r[0])));
      const late = await makeUser(db, { role: "GRADER", email: "late@bench.verdict", locales: ["en-US"], password: BENCH_PASSWORD });
      const offered = new Set((await hotPathFor(db).eligibleItems(studyId, late.id, ["en-US"], K, new Date(), 1_000_000)).map((i) => i.id));
      const full = new Set((await nativeRows(db, `SELECT "id" FROM "Item" WHERE "studyId" = ? AND "submittedCount" >= ${K}`, [studyId])).map((r) => String(r[0])));
      releasedAgain = [...abandoned].filter((id) => offered.has(id)).length;
      notOfferedAgain = [...abandoned].filter((id) => !offered.has(id) && !full.has(id)).length;
      console.log(`after expiry: ${releasedAgain} of ${abandoned.size} abandoned items offered again (${[...abandoned].filter((id) => full.has(id)).length} were completed by others meanwhile); not offered: ${notOfferedAgain}`);
      // And a real lease over HTTP hands one out.
      const cookie = await benchLogin(servers[0].url, "late@bench.verdict");
      const next = await post(servers[0].url, cookie, "grading.next", { studyId });
      if (!next.ok) out.failures.push(await httpFailure(next, Date.now() - t0));
    }

    // ── Invariants, in the database.
    phase = "checking invariants";
    const acked = [...out.acked.keys()];
    const stored = new Map<string, { status: string; judgments: number }>();
    for (let i = 0; i < acked.length; i += 400) {
      const chunk = acked.slice(i, i + 400);
      const rows = await nativeRows(db, `SELECT a."id", a."status", (SELECT COUNT(*) FROM "Judgment" j WHERE j."assignmentId" = a."id") FROM "Assignment" a WHERE a."id" IN (${chunk.map(() => "?").join(", ")})`, chunk);
      for (const r of rows) stored.set(String(r[0]), { status: String(r[1]), judgments: toNumber(r[2]) });
    }
    const one = async (sql: string) => toNumber((await nativeRows(db, sql, [studyId]))[0][0]);
    const unforgiven = out.failures.filter((f) => !forgiven(f, window, DATABASE_UNAVAILABLE));
    const invariants = {
      acknowledged: acked.length,
      ackedNotStored: acked.filter((id) => stored.get(id)?.status !== "SUBMITTED").length,
      ackedWithoutAllDimensions: acked.filter((id) => stored.get(id)?.judgments !== BENCH_DIMENSIONS.length).length,
      submittedWithoutAllDimensions: await one(`SELECT COUNT(*) FROM "Assignment" a WHERE a."studyId" = ? AND a."status" = 'SUBMITTED'
        AND (SELECT COUNT(*) FROM "Judgment" j WHERE j."assignmentId" = a."id") <> ${BENCH_DIMENSIONS.length}`),
      judgmentsOfUnsubmitted: await one(`SELECT COUNT(*) FROM "Judgment" j JOIN "Assignment" a ON a."id" = j."assignmentId" WHERE j."studyId" = ? AND a."status" <> 'SUBMITTED'`),
      itemsOverK: await one(`SELECT COUNT(*) FROM (SELECT a."itemId" FROM "Assignment" a WHERE a."studyId" = ? AND a."status" = 'SUBMITTED' AND a."surplus" = false
        GROUP BY a."itemId" HAVING COUNT(*) > ${K}) x`),
      itemCounterMismatch: await one(`SELECT COUNT(*) FROM "Item" i WHERE i."studyId" = ? AND i."submittedCount" <>
        (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = i."id" AND a."status" = 'SUBMITTED' AND a."surplus" = false)`),
      // Surplus is right only for a late submission (its lease had expired and others filled the item); on time, it means the item was over-leased.
      surplusWhileLeaseLive: await one(`SELECT COUNT(*) FROM "Assignment" a WHERE a."studyId" = ? AND a."status" = 'SUBMITTED' AND a."surplus" = true AND a."submittedAt" <= a."expiresAt"`),
      graderTwiceOnItem: await one(`SELECT COUNT(*) FROM (SELECT a."itemId", a."graderId" FROM "Assignment" a WHERE a."studyId" = ? GROUP BY a."itemId", a."graderId" HAVING COUNT(*) > 1) x`),
      itemsOverbookedAtEnd: await overbookedNow(db, studyId),
      // The triggers' running sums against the judgments summed afresh, both ways round.
      unitTalliesNotCurrent: toNumber((await nativeRows(db, `SELECT COUNT(*) FROM (${UNIT_TALLY_STORED} EXCEPT ${UNIT_TALLY_FRESH}) x`, [studyId, studyId]))[0][0])
        + toNumber((await nativeRows(db, `SELECT COUNT(*) FROM (${UNIT_TALLY_FRESH} EXCEPT ${UNIT_TALLY_STORED}) x`, [studyId, studyId]))[0][0]),
      taskTalliesNotCurrent: toNumber((await nativeRows(db, `SELECT COUNT(*) FROM (${TASK_TALLY_STORED} EXCEPT ${TASK_TALLY_FRESH}) x`, [studyId, studyId, studyId]))[0][0])
        + toNumber((await nativeRows(db, `SELECT COUNT(*) FROM (${TASK_TALLY_FRESH} EXCEPT ${TASK_TALLY_STORED}) x`, [studyId, studyId, studyId]))[0][0]),
      hourlyShiftsNotCurrent: toNumber((await nativeRows(db, `SELECT COUNT(*) FROM (${SHIFTS_STORED} EXCEPT ${shiftsFresh(engine)}) x`, [studyId, studyId]))[0][0])
        + toNumber((await nativeRows(db, `SELECT COUNT(*) FROM (${shiftsFresh(engine)} EXCEPT ${SHIFTS_STORED}) x`, [studyId, studyId]))[0][0]),
      samplesWithOverbookedItems: samples.withOverbooking,
      abandonedItemsNotOfferedAgain: notOfferedAgain,
      failedRequestsCounted: unforgiven.length,
    };
    const conditions = [
      ...Object.entries(invariants).filter(([k, v]) => k !== "acknowledged" && v !== 0).map(([k, v]) => `${k} = ${v}`),
      ...(samples.taken < SECONDS ? [`only ${samples.taken} samples taken during the load`] : []),
      ...(FAULT === "kill" && deadLeases === 0 ? ["no lease was abandoned at the kill"] : []),
      ...(FAULT !== "none" && out.okAfterFault === 0 ? ["nothing acknowledged after the fault"] : []),
      ...(acked.length === 0 ? ["nothing acknowledged"] : []),
    ];
    const held = conditions.length === 0;

    console.log(`\nrequests ${out.requests}, acknowledged submissions ${acked.length} (${(acked.length / SECONDS).toFixed(1)}/s)`);
    const tally = new Map<string, number>();
    for (const f of out.failures) {
      const label = `${forgiven(f, window, DATABASE_UNAVAILABLE) ? "forgiven (fault window)" : "COUNTED"}: ${f.message}`;
      tally.set(label, (tally.get(label) ?? 0) + 1);
    }
    console.log(`failed requests: ${out.failures.length} (${unforgiven.length} counted against the run)`);
    for (const [what, n] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${n} × ${what}`);
    if (window) console.log(`fault window: ${(window.from / 1000).toFixed(1)}–${(window.to / 1000).toFixed(1)} s (repair + ${FAULT_GRACE_MS / 1000} s); after the fault: ${out.okAfterFault} submissions acknowledged`);
    console.log(`live-lease samples during the load: ${samples.taken} (${samples.failed} could not be read), with an overbooked item: ${samples.withOverbooking}, most at once: ${samples.maxOverbooked}`);
    if (FAULT === "kill") console.log(`leases abandoned at the kill: ${deadLeases}; their items offered again after expiry: ${releasedAgain}`);
    console.log("invariants:", JSON.stringify(invariants, null, 1));
    console.log(held ? "ALL INVARIANTS HELD" : `AN INVARIANT FAILED: ${conditions.join("; ")}`);
    mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
    writeFileSync(path.join(import.meta.dirname, "results", `reliability-${engine}-${INSTANCES}-${FAULT}.json`),
      JSON.stringify({ engine, instances: INSTANCES, graders: GRADERS, seconds: SECONDS, fault: FAULT, leaseMinutes: LEASE_MINUTES, date: new Date().toISOString(), requests: out.requests,
        failures: Object.fromEntries(tally), window, okAfterFault: out.okAfterFault, samples, deadLeases, releasedAgain, invariants, conditions, held }, null, 2));
    if (!held) process.exitCode = 1;
  } finally {
    phase = "cleaning up";
    for (const s of servers) await s.stop();
    await bench.drop();
  }
}

main()
  .catch((e) => { console.error(e); process.exitCode = 1; })
  // Nothing of the run may keep the process alive (pools, keep-alive sockets): end with its verdict.
  .finally(() => process.exit(process.exitCode ?? 0));
