import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leaseFunctionPg } from "./hot-path-sql";

describe("migration 0023_lease_in_one_call", () => {
  // The function is built from the statements the lease used before, and the migration holds its
  // text as it was written. Changing one without a migration that replaces the function would let
  // the two disagree.
  it("holds the lease function that hot-path-sql.ts writes", () => {
    const sql = readFileSync(path.resolve(import.meta.dirname, "../../prisma/migrations/pg/0023_lease_in_one_call/migration.sql"), "utf8");
    expect(sql).toContain(leaseFunctionPg());
  });

  it("locks the grader, then each item skipping locked ones, and counts live leases in the insert", () => {
    const fn = leaseFunctionPg();
    const [grader, item, insert] = ["OF u;", "OF i SKIP LOCKED;", "ON CONFLICT"].map((s) => fn.indexOf(s));
    expect(grader).toBeGreaterThan(0);
    expect(item).toBeGreaterThan(grader);
    expect(insert).toBeGreaterThan(item);
    // The item's live leases are counted after its lock, not in the statement that takes it.
    expect(fn.slice(fn.lastIndexOf("SELECT", item), item)).not.toContain("COUNT(*)");
    expect(fn.slice(item, insert)).toContain(`COUNT(*) FROM "Assignment"`);
  });
});
