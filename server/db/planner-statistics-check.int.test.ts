import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { autovacuumWarning, plannerStatisticsWarning } from "./planner-statistics-check";

describe.each(await testEngines())("the planner statistics check on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t.drop());

  it("reads the server's autovacuum setting on PostgreSQL and says nothing on SQLite", async () => {
    if (engine === "sqlite") {
      expect(await plannerStatisticsWarning(t.db)).toBeNull();
      return;
    }
    const [{ autovacuum }] = await t.db.$queryRawUnsafe<{ autovacuum: string }[]>("SHOW autovacuum");
    expect(["on", "off"]).toContain(autovacuum);
    expect(await plannerStatisticsWarning(t.db)).toBe(autovacuumWarning(autovacuum));
  });
});
