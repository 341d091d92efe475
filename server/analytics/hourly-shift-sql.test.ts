import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allRows, pgTriggers, shiftsOfRows, sqliteTriggers, SHIFT_COLUMNS } from "./hourly-shift-sql";

const migration = (engine: string) =>
  readFileSync(path.resolve(import.meta.dirname, `../../prisma/migrations/${engine}/0019_hourly_histogram_shifts/migration.sql`), "utf8");

describe("migration 0019_hourly_histogram_shifts", () => {
  // The import's recount uses these functions; the migration holds their text as it was written.
  // Changing one without a migration that replaces the triggers would let the two disagree.
  it.each([["sqlite", sqliteTriggers()], ["pg", pgTriggers()]] as const)("holds the %s triggers and backfill these functions write", (engine, triggers) => {
    const sql = migration(engine);
    expect(sql).toContain(triggers);
    expect(sql).toContain(`INSERT INTO "HourlyHistogramShift" (${SHIFT_COLUMNS.map((c) => `"${c}"`).join(", ")})\n${shiftsOfRows(engine, allRows)};`);
  });
});
