// The SQLite read workers: a long analytics read must not hold up another read behind it (a
// report asks for its judgment units and its items at once; two researchers may ask together).
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { nativeRows } from "./native-read";

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
