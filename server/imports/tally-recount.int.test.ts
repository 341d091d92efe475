// The import's unit tally recount inserts in the order of the table's covering index (tallyRecount):
// the column list it orders by must be the index's as the migrations made it, or the order would
// silently stop helping.
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { inIndexOrder, tallyRecount, UNIT_TALLY_GROUP_INDEX } from "./repo";

async function indexColumns(t: TestDatabase, index: string): Promise<string[]> {
  if (t.target.engine === "sqlite") {
    const db = new Database(t.target.file, { readonly: true });
    try {
      return (db.prepare(`SELECT "name" FROM pragma_index_info(?) ORDER BY "seqno"`).all(index) as { name: string }[]).map((r) => r.name);
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: t.target.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>(
      `SELECT a.attname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
         CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
       WHERE i.relname = $1 ORDER BY k.n`, [index]);
    return rows.map((r) => r.name);
  } finally {
    await c.end();
  }
}

describe.each(await testEngines())("the tallies' recount on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  it("orders by the unit tallies' covering index's columns as the schema has them", async () => {
    expect(await indexColumns(t, UNIT_TALLY_GROUP_INDEX.name)).toEqual(UNIT_TALLY_GROUP_INDEX.columns);
  });
});

describe("inIndexOrder", () => {
  it("names each index column by its place among the insert's columns", () => {
    expect(inIndexOrder(["a", "b", "c"], ["c", "a"])).toBe("ORDER BY 3, 1");
  });

  it("refuses an index column the insert does not give", () => {
    expect(() => inIndexOrder(["a", "b"], ["a", "z"])).toThrow('the insert has no column "z"');
  });

  it("orders only SQLite's unit tallies", () => {
    const [sqlite, pgRecount] = (["sqlite", "pg"] as const).map((e) => tallyRecount(e, "s").filter((q) => /^INSERT INTO "(Unit|Task)Tally"/.test(q.sql)));
    expect(sqlite.map((q) => /ORDER BY [\d, ]+$/.test(q.sql))).toEqual([true, false]);
    expect(pgRecount.map((q) => q.sql.includes("ORDER BY"))).toEqual([false, false]);
  });
});
