import { describe, expect, it } from "vitest";
import { autovacuumWarning } from "./planner-statistics-check";

describe("autovacuumWarning", () => {
  it("warns only when autovacuum is off, and says what to do", () => {
    expect(autovacuumWarning("off")).toMatch(/autovacuum = off.*ANALYZE/);
    expect(autovacuumWarning("OFF")).not.toBeNull();
    expect(autovacuumWarning("on")).toBeNull();
    expect(autovacuumWarning(null)).toBeNull();
  });
});
