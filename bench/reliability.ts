// Load and faults, then every invariant checked in the database. Graders loop "next task, submit"
// over HTTP against one or two app instances; a fault can be injected half-way:
//   kill         SIGKILL one app instance, start it again
//   pg-restart   restart the PostgreSQL server (pg_ctlcluster) under the app
// Afterwards: every submission a client saw acknowledged is stored exactly once with all its
// dimensions; no item has more than k accepted judgments or more live leases than room; no grader
// holds two assignments of one item; nothing is half-written; leases of a killed run expire and
// their items are leased again; no "database is locked" reached a client.
//   npm run bench:reliability -- --engine sqlite|pg [--instances 1|2] [--graders 200] [--seconds 60] [--fault none|kill|pg-restart]
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeUser } from "../seed/factories";
import { intFlag, parseArgs, stringFlag } from "../server/cli/args";
import { nativeRows, toNumber } from "../server/db/native-read";
import { pgTimestamp } from "../server/db/pg-native";
import { sqliteDateTime } from "../server/db/sqlite-immediate";
import { hotPathFor } from "../server/grading/hot-path";
import { ensureBuild, startAppServer } from "./lib/app-server";
import { createBenchDatabase } from "./lib/bench-database";
import { BENCH_DIMENSIONS, BENCH_PASSWORD, benchLogin, setUpGradingStudy } from "./lib/grading-study";

const args = parseArgs(process.argv.slice(2));
const engine = (stringFlag(args, "engine") ?? "sqlite") as "sqlite" | "pg";
const INSTANCES = intFlag(args, "instances", 1);
const GRADERS = intFlag(args, "graders", 200);
const SECONDS = intFlag(args, "seconds", 60);
const FAULT = (stringFlag(args, "fault") ?? "none") as "none" | "kill" | "pg-restart";
const LEASE_MINUTES = 1; // short, so that a killed run's leases expire within the benchmark
const BASE_PORT = 3300;

if (engine === "sqlite" && INSTANCES > 1) throw new Error("SQLite is the single-instance engine; use --engine pg for several instances");
if (FAULT === "pg-restart" && engine !== "pg") throw new Error("--fault pg-restart needs --engine pg");

interface Outcome { acked: Map<string, string>; requests: number; failures: Map<string, number>; failuresAfterFault: number; okAfterFault: number }

const post = (base: string, cookie: string, proc: string, input: unknown) =>
  fetch(`${base}/api/trpc/${proc}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ json: input }), signal: AbortSignal.timeout(30_000) });

/** What a client was told when a request failed: the tRPC message, or the network error. */
async function failureOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { json?: { message?: string } } };
    return `${res.status} ${body.error?.json?.message ?? "(no message)"}`;
  } catch {
    return `${res.status} (not JSON)`;
  }
}

function pgCluster() {
  return readdirSync("/etc/postgresql")[0];
}

async function main() {
  console.log(`reliability: ${engine}, ${INSTANCES} instance(s), ${GRADERS} graders, ${SECONDS} s, fault: ${FAULT}`);
  ensureBuild();
  const bench = await createBenchDatabase(engine);
  const servers: Awaited<ReturnType<typeof startAppServer>>[] = [];
  try {
    const { graders, studyId } = await setUpGradingStudy(bench.db, { graders: GRADERS, items: 4000, leaseMinutes: LEASE_MINUTES });
    for (let i = 0; i < INSTANCES; i++) servers.push(await startAppServer(bench.url, BASE_PORT + i));
    const cookies = [];
    for (const [i, g] of graders.entries()) cookies.push(await benchLogin(servers[i % INSTANCES].url, g.email));

    const out: Outcome = { acked: new Map(), requests: 0, failures: new Map(), failuresAfterFault: 0, okAfterFault: 0 };
    let faultAt = Infinity;
    let faultDone = false;
    const fail = (what: string) => {
      out.failures.set(what, (out.failures.get(what) ?? 0) + 1);
      if (faultDone) out.failuresAfterFault++;
    };
    const t0 = Date.now();
    const end = t0 + SECONDS * 1000;
    const clients = cookies.map(async (cookie, i) => {
      while (Date.now() < end) {
        // With --fault kill, every other grader of the killed instance leaves when it dies, abandoning their lease.
        if (FAULT === "kill" && i % INSTANCES === 0 && Math.floor(i / INSTANCES) % 2 === 1 && faultAt !== Infinity) break;
        const base = servers[i % INSTANCES].url;
        try {
          out.requests++;
          const next = await post(base, cookie, "grading.next", { studyId });
          if (!next.ok) { fail(`next: ${await failureOf(next)}`); await new Promise((r) => setTimeout(r, 200)); continue; }
          const task = ((await next.json()) as { result: { data: { json: { assignmentId: string; dimensions: { key: string }[] } | null } } }).result.data.json;
          if (!task) break;
          const values = Object.fromEntries(task.dimensions.map((d) => [d.key, ((i + d.key.length) % 7) - 3]));
          out.requests++;
          const sub = await post(base, cookie, "grading.submit", { assignmentId: task.assignmentId, values, timeSpentMs: 20_000 });
          if (!sub.ok) { fail(`submit: ${await failureOf(sub)}`); continue; }
          await sub.arrayBuffer();
          out.acked.set(task.assignmentId, cookie);
          if (faultDone) out.okAfterFault++;
        } catch (e) {
          fail(`network: ${(e as Error).cause ? String(((e as Error).cause as Error).message ?? (e as Error).cause) : (e as Error).message}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    });

    const fault = (async () => {
      if (FAULT === "none") return;
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
      faultAt = Date.now();
      if (FAULT === "kill") {
        const victim = servers[0];
        victim.child.kill("SIGKILL");
        await new Promise((r) => victim.child.once("exit", r));
        console.log(`killed instance 1 (SIGKILL) at ${((faultAt - t0) / 1000).toFixed(0)} s; restarting`);
        servers[0] = await startAppServer(bench.url, BASE_PORT);
        console.log(`instance 1 back after ${((Date.now() - faultAt) / 1000).toFixed(1)} s`);
      } else {
        const version = pgCluster();
        execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart", "-m", "fast"], { stdio: "inherit" });
        console.log(`PostgreSQL ${version} restarted in ${((Date.now() - faultAt) / 1000).toFixed(1)} s`);
      }
      faultDone = true;
    })();
    await Promise.all([...clients, fault]);

    // A killed run's leases: the graders who left hold them until they expire; then the items
    // must be open again (no live lease counted) and offered to other graders.
    let deadLeases = 0;
    let releasedAgain = 0;
    if (FAULT === "kill") {
      const leased = await nativeRows(bench.db, `SELECT "itemId" FROM "Assignment" WHERE "studyId" = ? AND "status" = 'LEASED'`, [studyId]);
      deadLeases = leased.length;
      console.log(`${deadLeases} leases left by graders who left; waiting ${LEASE_MINUTES} min for them to expire`);
      await new Promise((r) => setTimeout(r, LEASE_MINUTES * 60_000 + 2000));
      const abandoned = new Set(leased.map((r) => String(r[0])));
      const late = await makeUser(bench.db, { role: "GRADER", email: "late@bench.verdict", locales: ["en-US"], password: BENCH_PASSWORD });
      const offered = new Set((await hotPathFor(bench.db).eligibleItems(studyId, late.id, ["en-US"], 3, new Date(), 1_000_000)).map((i) => i.id));
      const full = new Set((await nativeRows(bench.db, `SELECT "id" FROM "Item" WHERE "studyId" = ? AND "submittedCount" >= 3`, [studyId])).map((r) => String(r[0])));
      releasedAgain = [...abandoned].filter((id) => offered.has(id)).length;
      const missing = [...abandoned].filter((id) => !offered.has(id) && !full.has(id));
      console.log(`after expiry: ${releasedAgain} of ${abandoned.size} abandoned items offered again (${[...abandoned].filter((id) => full.has(id)).length} were completed by others meanwhile); not offered: ${missing.length}`);
      if (missing.length) process.exitCode = 1;
      // And a real lease over HTTP hands one out.
      const cookie = await benchLogin(servers[0].url, "late@bench.verdict");
      const next = await post(servers[0].url, cookie, "grading.next", { studyId });
      if (!next.ok) throw new Error(`late grader: ${await failureOf(next)}`);
    }

    // ── Invariants, in the database.
    const acked = [...out.acked.keys()];
    const stored = new Map<string, { status: string; judgments: number }>();
    for (let i = 0; i < acked.length; i += 400) {
      const chunk = acked.slice(i, i + 400);
      const rows = await nativeRows(bench.db, `SELECT a."id", a."status", (SELECT COUNT(*) FROM "Judgment" j WHERE j."assignmentId" = a."id") FROM "Assignment" a WHERE a."id" IN (${chunk.map(() => "?").join(", ")})`, chunk);
      for (const r of rows) stored.set(String(r[0]), { status: String(r[1]), judgments: toNumber(r[2]) });
    }
    const ackedMissing = acked.filter((id) => stored.get(id)?.status !== "SUBMITTED").length;
    const ackedWrongRows = acked.filter((id) => stored.get(id)?.judgments !== BENCH_DIMENSIONS.length).length;
    const one = async (sql: string) => toNumber((await nativeRows(bench.db, sql, [studyId]))[0][0]);
    const now = new Date();
    const invariants = {
      acknowledged: acked.length,
      ackedNotStored: ackedMissing,
      ackedWithoutAllDimensions: ackedWrongRows,
      submittedWithoutAllDimensions: await one(`SELECT COUNT(*) FROM "Assignment" a WHERE a."studyId" = ? AND a."status" = 'SUBMITTED'
        AND (SELECT COUNT(*) FROM "Judgment" j WHERE j."assignmentId" = a."id") <> ${BENCH_DIMENSIONS.length}`),
      judgmentsOfUnsubmitted: await one(`SELECT COUNT(*) FROM "Judgment" j JOIN "Assignment" a ON a."id" = j."assignmentId" WHERE j."studyId" = ? AND a."status" <> 'SUBMITTED'`),
      itemsOverK: await one(`SELECT COUNT(*) FROM (SELECT a."itemId" FROM "Assignment" a WHERE a."studyId" = ? AND a."status" = 'SUBMITTED' AND a."surplus" = false
        GROUP BY a."itemId" HAVING COUNT(*) > 3) x`),
      itemCounterMismatch: await one(`SELECT COUNT(*) FROM "Item" i WHERE i."studyId" = ? AND i."submittedCount" <>
        (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = i."id" AND a."status" = 'SUBMITTED' AND a."surplus" = false)`),
      graderTwiceOnItem: await one(`SELECT COUNT(*) FROM (SELECT a."itemId", a."graderId" FROM "Assignment" a WHERE a."studyId" = ? GROUP BY a."itemId", a."graderId" HAVING COUNT(*) > 1) x`),
      itemsOverbooked: toNumber((await nativeRows(bench.db, `SELECT COUNT(*) FROM "Item" i WHERE i."studyId" = ? AND i."submittedCount" +
        (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = i."id" AND a."status" = 'LEASED' AND a."expiresAt" > ?) > 3`,
      [studyId, engine === "sqlite" ? sqliteDateTime(now) : pgTimestamp(now)]))[0][0]),
      lockedErrorsSeen: [...out.failures.keys()].filter((k) => /locked|SQLITE_BUSY/i.test(k)).reduce((n, k) => n + out.failures.get(k)!, 0),
    };
    const held = invariants.ackedNotStored === 0 && invariants.ackedWithoutAllDimensions === 0 && invariants.submittedWithoutAllDimensions === 0
      && invariants.judgmentsOfUnsubmitted === 0 && invariants.itemsOverK === 0 && invariants.itemCounterMismatch === 0
      && invariants.graderTwiceOnItem === 0 && invariants.itemsOverbooked === 0 && invariants.lockedErrorsSeen === 0
      && (FAULT !== "kill" || deadLeases > 0) && (FAULT === "none" || out.okAfterFault > 0) && process.exitCode !== 1;

    console.log(`\nrequests ${out.requests}, acknowledged submissions ${acked.length} (${(acked.length / SECONDS).toFixed(1)}/s)`);
    console.log(`failed requests: ${[...out.failures.values()].reduce((a, b) => a + b, 0)}`);
    for (const [what, n] of [...out.failures].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n} × ${what}`);
    if (FAULT !== "none") console.log(`after the fault: ${out.okAfterFault} submissions acknowledged, ${out.failuresAfterFault} failures`);
    if (FAULT === "kill") console.log(`leases abandoned at the kill: ${deadLeases}; their items offered again after expiry: ${releasedAgain}`);
    console.log("invariants:", JSON.stringify(invariants, null, 1));
    console.log(held ? "ALL INVARIANTS HELD" : "AN INVARIANT FAILED");
    mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
    writeFileSync(path.join(import.meta.dirname, "results", `reliability-${engine}-${INSTANCES}-${FAULT}.json`),
      JSON.stringify({ engine, instances: INSTANCES, graders: GRADERS, seconds: SECONDS, fault: FAULT, date: new Date().toISOString(), requests: out.requests,
        failures: Object.fromEntries(out.failures), okAfterFault: out.okAfterFault, deadLeases, releasedAgain, invariants, held }, null, 2));
    if (!held) process.exitCode = 1;
  } finally {
    for (const s of servers) if (s.child.exitCode === null) await s.stop();
    await bench.drop();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
