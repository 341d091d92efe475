// Analytics reads raise work_mem on PostgreSQL for their own transaction (grouping-work-mem.ts): at
// ten million judgments the default 4 MB turned the dashboards' grouped tally reads into on-disk
// sorts (19–20 s a section instead of 2–3 s). The grading path keeps the server's setting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { nativeColumns, nativeRows } from "./native-read";
import { GROUPING_WORK_MEM } from "./grouping-work-mem";
import { pgRead } from "./pg-native";

const bytes = async (t: TestDatabase, setting: string) =>
  Number((await t.db.$queryRawUnsafe<{ b: bigint }[]>(`SELECT pg_size_bytes('${setting}') AS b`))[0].b);

describe.skipIf(!(await testEngines()).includes("pg"))("work_mem of analytics reads on PostgreSQL", () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase("pg"); });
  afterAll(async () => t.drop());

  it("raises work_mem for the read only: rows, columns, and not the grading path after them", async () => {
    const [{ w: server }] = await t.db.$queryRawUnsafe<{ w: string }[]>("SELECT current_setting('work_mem') AS w");
    const [[inRows]] = await nativeRows(t.db, "SELECT current_setting('work_mem')", []);
    expect(await bytes(t, String(inRows))).toBeGreaterThanOrEqual(await bytes(t, GROUPING_WORK_MEM));
    const columns = await nativeColumns(t.db, "SELECT current_setting('work_mem'), ?::int", [7]);
    expect(await bytes(t, String(columns.columnReader(0)(0)))).toBeGreaterThanOrEqual(await bytes(t, GROUPING_WORK_MEM));
    // The same pool's connections, now idle, are back at the server's setting.
    const reads = await Promise.all(Array.from({ length: 5 }, () => pgRead(t.db).get<{ w: string }>("SELECT current_setting('work_mem') AS w")));
    for (const r of reads) expect(r!.w).toBe(server);
  });

  it("leaves a larger setting of the database's as it is", async () => {
    const other = await createTestDatabase("pg");
    try {
      const name = new URL(other.target.url).pathname.slice(1);
      // Before the database's first analytics read, so that its pool's connections start with it.
      await other.db.$executeRawUnsafe(`ALTER DATABASE "${name}" SET work_mem = '256MB'`);
      const [[inRows]] = await nativeRows(other.db, "SELECT current_setting('work_mem')", []);
      expect(inRows).toBe("256MB");
    } finally {
      await other.drop();
    }
  });

  it("gives its connection back clean after a read that fails", async () => {
    await expect(nativeRows(t.db, "SELECT no_such_column FROM \"Study\"", [])).rejects.toThrow(/no_such_column/);
    // Every pooled connection still answers: none was left in an aborted transaction.
    const again = await Promise.all(Array.from({ length: 25 }, () => nativeRows(t.db, "SELECT 1", [])));
    expect(again.every((r) => Number(r[0][0]) === 1)).toBe(true);
  });
});
