import { describe, expect, it } from "vitest";
import { migrationChecksum, MigrationHistoryError, planMigrations } from "./migration-plan";

const files = [{ name: "0002_b", sql: "B" }, { name: "0001_a", sql: "A" }, { name: "0003_c", sql: "C" }];
const applied = (...names: string[]) => names.map((name) => ({ name, checksum: migrationChecksum(files.find((f) => f.name === name)!.sql) }));

describe("migration plan", () => {
  it("applies everything, in name order, to a new database", () => {
    expect(planMigrations(files, []).map((f) => f.name)).toEqual(["0001_a", "0002_b", "0003_c"]);
  });

  it("applies only what is pending", () => {
    expect(planMigrations(files, applied("0001_a", "0002_b")).map((f) => f.name)).toEqual(["0003_c"]);
    expect(planMigrations(files, applied("0001_a", "0002_b", "0003_c"))).toEqual([]);
  });

  it("refuses an edited migration", () => {
    expect(() => planMigrations(files, [{ name: "0001_a", checksum: "different" }])).toThrow(/0001_a was changed/);
  });

  it("refuses a database from a newer version", () => {
    expect(() => planMigrations(files, [...applied("0001_a"), { name: "0009_z", checksum: "x" }])).toThrow(MigrationHistoryError);
  });

  it("refuses a migration that sorts before one already applied", () => {
    expect(() => planMigrations(files, applied("0001_a", "0003_c"))).toThrow(/0002_b sorts before/);
  });

  it("ignores line-ending differences in checksums", () => {
    expect(migrationChecksum("a\r\nb")).toBe(migrationChecksum("a\nb"));
  });
});
