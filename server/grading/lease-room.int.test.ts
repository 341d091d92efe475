// "Accepted + live leases ≤ k" at every instant on PostgreSQL, with the race made deterministic.
// A lease decides whether an item has room from a count of its live leases. If that count is read
// from a snapshot taken before the item's row lock is granted, a lease committed by another
// instance in between is missed and the item is over-leased (found by an outside load run: four
// live leases on an item with k = 3). Here the count is slowed down on purpose — while this test's
// transaction reads live leases, it reads them through a view that sleeps first — and another
// grader leases the same item during that sleep. The count must still include that lease.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy } from "../../seed/factories";
import { pgTimestamp, pgTransaction, type PgTx } from "../db/pg-native";
import { nativeRows, toNumber } from "../db/native-read";
import { makeGrader, smallLandscape } from "../test/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import * as pgRepo from "./pg-repo";

const PAUSE_SECONDS = 1;

/** Runs every statement that counts an item's live leases with "Assignment" resolved to the sleeping view. */
function slowLiveLeaseCounts(tx: PgTx): PgTx {
  const countsLive = (sql: string) => /COUNT\(\*\)[^;]* FROM "Assignment"/.test(sql) && /"status" = 'LEASED'/.test(sql);
  const around = async <T>(sql: string, run: () => Promise<T>) => {
    if (!countsLive(sql)) return run();
    await tx.run("SET LOCAL search_path TO verdict_pause, public");
    try {
      return await run();
    } finally {
      await tx.run("SET LOCAL search_path TO public");
    }
  };
  return {
    get: (sql, ...p) => around(sql, () => tx.get(sql, ...p)),
    all: (sql, ...p) => around(sql, () => tx.all(sql, ...p)),
    run: (sql, ...p) => around(sql, () => tx.run(sql, ...p)),
  };
}

const engines = await testEngines();

describe.runIf(engines.includes("pg"))("lease room on PostgreSQL", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("pg");
    // STABLE with no column references: the planner evaluates it once, before scanning.
    await t.db.$executeRawUnsafe(`CREATE SCHEMA verdict_pause`);
    await t.db.$executeRawUnsafe(`CREATE FUNCTION verdict_pause.nap() RETURNS boolean LANGUAGE plpgsql STABLE AS
      $$ BEGIN PERFORM pg_sleep(${PAUSE_SECONDS}); RETURN true; END $$`);
    await t.db.$executeRawUnsafe(`CREATE VIEW verdict_pause."Assignment" AS SELECT * FROM public."Assignment" WHERE verdict_pause.nap()`);
  });
  afterAll(async () => t?.drop());

  it("counts a lease another instance committed while this one was deciding", async () => {
    const l = await smallLandscape(t.db, { promptsPerLocale: 1, locales: ["en-US"] });
    const s = await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id, redundancy: 1, dimensionKeys: ["overall"] },
      { createdById: l.researcher.id, status: "RUNNING" });
    const [item] = await t.db.item.findMany({ where: { studyId: s.id } });
    const [slow, quick] = await Promise.all([makeGrader(t.db, ["en-US"]), makeGrader(t.db, ["en-US"])]);
    const now = new Date();
    const request = (graderId: string) => ({ studyId: s.id, itemId: item.id, graderId, redundancy: 1, now, expiresAt: new Date(now.getTime() + 20 * 60_000), candidateSide: "LEFT" as const });

    const slowLease = pgTransaction(t.db, (tx) => pgRepo.leaseItem(slowLiveLeaseCounts(tx), request(slow.id)));
    // Wait until the slow transaction is inside its live-lease count (sleeping), then lease the same item elsewhere.
    for (const deadline = Date.now() + 30_000; ;) {
      const sleeping = await nativeRows(t.db, `SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`, []);
      if (toNumber(sleeping[0][0]) > 0) break;
      if (Date.now() > deadline) throw new Error("the slow lease never reached its live-lease count");
      await new Promise((r) => setImmediate(r));
    }
    const quickLease = await pgTransaction(t.db, (tx) => pgRepo.leaseItem(tx, request(quick.id)));
    const slowResult = await slowLease;

    const live = toNumber((await nativeRows(t.db, `SELECT COUNT(*) FROM "Assignment" WHERE "itemId" = ? AND "status" = 'LEASED' AND "expiresAt" > ?`, [item.id, pgTimestamp(now)]))[0][0]);
    expect(live, `k = 1 but ${live} live leases (slow: ${slowResult}, quick: ${quickLease})`).toBe(1);
    expect([slowResult, quickLease].filter(Boolean)).toHaveLength(1);
  });
});
