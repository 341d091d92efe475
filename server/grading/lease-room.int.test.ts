// "Accepted + live leases ≤ k" at every instant on PostgreSQL, with the race made deterministic.
// A lease decides whether an item has room from a count of its live leases. If that count is read
// from a snapshot taken before the item's row lock is granted, a lease committed by another
// instance in between is missed and the item is over-leased (found by an outside load run: four
// live leases on an item with k = 3). Here reads of leases are slowed down on purpose — this
// test's lease call reads "Assignment" through a view that sleeps first — and another grader
// leases the same item while the call sleeps in its second such read: the first is the grader's
// own live lease (before any item is locked), the second the item's live leases. A lease that
// counted them in the statement that locks the item would take its snapshot before that sleep and
// miss the other grader's lease; counted by a statement that starts after the lock, the other
// grader finds the item locked and passes it over.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy } from "../../seed/factories";
import { pgRead, pgTimestamp, pgTransaction } from "../db/pg-native";
import { nativeRows, toNumber } from "../db/native-read";
import { makeGrader, smallLandscape } from "../test/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import * as pgRepo from "./pg-repo";

const PAUSE_SECONDS = 1;

const engines = await testEngines();

describe.runIf(engines.includes("pg"))("lease room on PostgreSQL", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("pg");
    // STABLE with no column references: the planner evaluates it once per statement, before
    // scanning. Each nap is numbered (a sequence: seen by other sessions at once).
    await t.db.$executeRawUnsafe(`CREATE SCHEMA verdict_pause`);
    await t.db.$executeRawUnsafe(`CREATE SEQUENCE verdict_pause.naps`);
    await t.db.$executeRawUnsafe(`CREATE FUNCTION verdict_pause.nap() RETURNS boolean LANGUAGE plpgsql STABLE AS
      $$ BEGIN PERFORM nextval('verdict_pause.naps'); PERFORM pg_sleep(${PAUSE_SECONDS}); RETURN true; END $$`);
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
    const request = (graderId: string) => ({ studyId: s.id, itemIds: [item.id], candidateSides: ["LEFT" as const], graderId, redundancy: 1, now, expiresAt: new Date(now.getTime() + 20 * 60_000) });

    const slowLease = pgTransaction(t.db, async (tx) => {
      await tx.run("SET LOCAL search_path TO verdict_pause, public");
      return pgRepo.leaseFirstOpenItem(tx, request(slow.id));
    });
    // Wait until the slow call sleeps in its second read of leases (its count of the item's live
    // leases), then lease the same item elsewhere.
    for (const deadline = Date.now() + 30_000; ;) {
      const [[naps, sleeping]] = await nativeRows(t.db, `SELECT (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM verdict_pause.naps),
        (SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database())`, []);
      if (toNumber(naps) >= 2 && toNumber(sleeping) > 0) break;
      if (Date.now() > deadline) throw new Error("the slow lease never reached its live-lease count");
      await new Promise((r) => setImmediate(r));
    }
    const quickLease = await pgRepo.leaseFirstOpenItem(pgRead(t.db), request(quick.id));
    const slowResult = await slowLease;

    const live = toNumber((await nativeRows(t.db, `SELECT COUNT(*) FROM "Assignment" WHERE "itemId" = ? AND "status" = 'LEASED' AND "expiresAt" > ?`, [item.id, pgTimestamp(now)]))[0][0]);
    expect(live, `k = 1 but ${live} live leases (slow: ${slowResult}, quick: ${quickLease})`).toBe(1);
    expect([slowResult, quickLease].filter(Boolean)).toHaveLength(1);
  });
});
