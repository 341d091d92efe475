// The bulk writer used by imports, on each engine: every kind of value arrives as Prisma reads it,
// rows are part of the surrounding transaction (a rollback takes them away), and misuse is refused.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { fullCollection } from "../cli/full-collection";
import { bulkWriter } from "./bulk-insert";

describe.each(await testEngines())("bulkWriter on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  const user = (id: string, i: number, at: Date) => [id, `bulk-${engine}-${i}@example.test`, i % 2 ? `Grader ${i}` : "O'Brien, \"quoted\"", "GRADER", null, i % 2 === 0, at];
  const columns = ["id", "email", "displayName", "role", "passwordHash", "active", "createdAt"];

  it("writes strings, nulls, booleans, enums and dates as Prisma reads them, in batches of any size", async () => {
    const at = new Date("2026-12-02T01:02:03.456Z");
    const ids = Array.from({ length: 10_123 }, () => randomUUID());
    await t.db.$transaction(async (tx) => {
      await bulkWriter(t.db, tx).insert("User", columns, ids.map((id, i) => user(id, i, at)));
    }, { timeout: 60_000 });
    expect(await t.db.user.count({ where: { email: { startsWith: `bulk-${engine}-` } } })).toBe(ids.length);
    const [even, odd] = await Promise.all([ids[0], ids[10_121]].map((id) => t.db.user.findUniqueOrThrow({ where: { id } })));
    expect(even).toMatchObject({ displayName: "O'Brien, \"quoted\"", role: "GRADER", passwordHash: null, active: true, createdAt: at });
    expect(odd).toMatchObject({ displayName: "Grader 10121", active: false, createdAt: at });
  });

  it("writes a table's rows after the rows they refer to, when its batch fills first", async () => {
    // Four sessions per user, as an import's judgments per assignment: the sessions' batch fills
    // (64 rows on SQLite, 10,000 on PostgreSQL) while most of their users are still held.
    const at = new Date("2026-12-04T00:00:00.000Z");
    const users = Array.from({ length: 3_000 }, () => randomUUID());
    await t.db.$transaction(async (tx) => {
      const bulk = bulkWriter(t.db, tx);
      const userRows = bulk.table("User", columns);
      const sessionRows = bulk.table("Session", ["id", "userId", "createdAt", "lastSeenAt", "expiresAt"], [userRows]);
      for (const [i, id] of users.entries()) {
        await userRows.add(user(id, 200_000 + i, at));
        for (let k = 0; k < 4; k++) await sessionRows.add([`${id}-${k}`, id, at, at, at]);
      }
      await sessionRows.flush();
    }, { timeout: 60_000 });
    expect(await t.db.session.count()).toBe(4 * users.length);
  });

  it("keeps nothing of the rows it wrote reachable once written", async () => {
    // 20,000 rows with 2 KB names, some 80 MB as JavaScript strings; Prisma's debug histories kept
    // the last hundred batches' values on PostgreSQL (prisma-debug-history.ts).
    const gc = fullCollection();
    const at = new Date("2026-12-04T12:00:00.000Z");
    const ids = Array.from({ length: 20_000 }, () => randomUUID());
    gc();
    const before = process.memoryUsage().heapUsed;
    await t.db.$transaction(async (tx) => {
      const rows = bulkWriter(t.db, tx).table("User", columns);
      for (const [i, id] of ids.entries()) await rows.add([id, `kept-${engine}-${i}@example.test`, `${i}`.padEnd(2_000, "x"), "GRADER", null, true, at]);
      await rows.flush();
    }, { timeout: 60_000 });
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 1024 ** 2);
    expect(await t.db.user.count({ where: { email: { startsWith: `kept-${engine}-` } } })).toBe(ids.length);
  });

  it("belongs to the transaction: rolled back with it", async () => {
    const id = randomUUID();
    const error = await t.db.$transaction(async (tx) => {
      await bulkWriter(t.db, tx).insert("User", columns, [user(id, 99_999, new Date())]);
      throw new Error("abandon");
    }).catch((e: Error) => e);
    expect((error as Error).message).toBe("abandon");
    expect(await t.db.user.count({ where: { id } })).toBe(0);
  });

  it("refuses a row of the wrong width and an unknown column, naming the table", async () => {
    await t.db.$transaction(async (tx) => {
      const bulk = bulkWriter(t.db, tx);
      await expect(bulk.insert("User", columns, [["only-one"]])).rejects.toThrow(/User: row has 1 values for 7 columns/);
    });
    const error = await t.db.$transaction(async (tx) => bulkWriter(t.db, tx).insert("User", ["id", "nosuch"], [["x", 1]])).catch((e: Error) => e);
    expect(String(error)).toMatch(/nosuch/);
  });

  it.runIf(engine === "sqlite")("on SQLite, refuses to write once its transaction has ended (each statement would commit alone)", async () => {
    const bulk = await t.db.$transaction(async (tx) => bulkWriter(t.db, tx));
    await expect(bulk.insert("User", columns, [user(randomUUID(), 99_998, new Date())])).rejects.toThrow(/User outside a transaction/);
  });
});
