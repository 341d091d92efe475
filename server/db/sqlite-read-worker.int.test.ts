// The SQLite read workers: a long analytics read must not hold up another read behind it (a
// report asks for its judgment units and its items at once; two researchers may ask together),
// and the connections they keep open between queries never serve stale data.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { nativeRows } from "./native-read";
import { sqliteReadInWorker } from "./sqlite-read-worker";

// Some hundreds of milliseconds of SQLite's own work, on any machine: counting through a recursive sequence.
const SLOW = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000000) SELECT COUNT(*) FROM n`;

describe.skipIf(os.availableParallelism() < 2)("SQLite reads on worker threads", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
  });
  afterAll(async () => t?.drop());

  it("answers a short read while a long one is still running", async () => {
    const finished: string[] = [];
    const slow = nativeRows(t.db, SLOW, []).then((rows) => { finished.push("slow"); return rows; });
    // the short read is asked once the long one is in flight
    const quick = nativeRows(t.db, `SELECT COUNT(*) FROM "Dimension"`, []).then((rows) => { finished.push("quick"); return rows; });
    const [slowRows, quickRows] = await Promise.all([slow, quick]);
    expect(Number(slowRows[0][0])).toBe(5_000_000);
    expect(Number(quickRows[0][0])).toBeGreaterThan(0);
    expect(finished).toEqual(["quick", "slow"]);
  });

  it("spreads many reads over the workers and answers each with its own rows", async () => {
    const reads = Array.from({ length: 12 }, (_, k) => nativeRows(t.db, `SELECT ? + 1`, [k]));
    expect((await Promise.all(reads)).map((rows) => Number(rows[0][0]))).toEqual(Array.from({ length: 12 }, (_, k) => k + 1));
  });
});

describe("SQLite read workers' kept connections", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-read-worker-"));
  const file = path.join(dir, "kept.db");
  const writeFile = (value: number) => {
    const conn = new Database(file);
    conn.pragma("journal_mode = WAL");
    conn.exec(`CREATE TABLE IF NOT EXISTS t (v INTEGER); DELETE FROM t; INSERT INTO t VALUES (${value})`);
    return conn;
  };
  const readValue = async () => (await sqliteReadInWorker(file, `SELECT v FROM t`, []))[0][0];
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("read what was committed before each query, though their connection stays open", async () => {
    const writer = writeFile(1);
    expect(await readValue()).toBe(1);
    writer.exec(`UPDATE t SET v = 2`);
    expect(await readValue()).toBe(2);
    writer.close();
  });

  it("read a file replaced at the same path afresh, not the one they had open", async () => {
    writeFile(3).close();
    expect(await readValue()).toBe(3);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    writeFile(4).close();
    expect(await readValue()).toBe(4);
  });

  it("answer a failing query with its error, and the next query still reads", async () => {
    await expect(sqliteReadInWorker(file, `SELECT missing FROM t`, [])).rejects.toThrow(/no such column: missing/);
    expect(await readValue()).toBe(4);
  });
});
