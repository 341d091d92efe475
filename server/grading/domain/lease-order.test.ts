import { describe, expect, it } from "vitest";
import { fnv1a, hasCapacity, orderLeaseCandidates } from "./lease-order";

describe("lease order", () => {
  it("offers only items with capacity left (accepted + live leases < k)", () => {
    expect(hasCapacity({ id: "a", submittedCount: 2, liveLeases: 0 }, 3)).toBe(true);
    expect(hasCapacity({ id: "a", submittedCount: 2, liveLeases: 1 }, 3)).toBe(false);
    expect(hasCapacity({ id: "a", submittedCount: 3, liveLeases: 0 }, 3)).toBe(false);
  });

  it("serves the items closest to k first", () => {
    const ordered = orderLeaseCandidates([
      { id: "empty", submittedCount: 0, liveLeases: 0 },
      { id: "almost", submittedCount: 2, liveLeases: 0 },
      { id: "half", submittedCount: 1, liveLeases: 0 },
      { id: "full", submittedCount: 2, liveLeases: 1 },
    ], 3, "g1");
    expect(ordered.map((c) => c.id)).toEqual(["almost", "half", "empty"]);
  });

  it("spreads graders over equally loaded items, deterministically", () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `item${i}`, submittedCount: 0, liveLeases: 0 }));
    const firsts = new Set(["g1", "g2", "g3", "g4", "g5", "g6"].map((g) => orderLeaseCandidates(items, 3, g)[0].id));
    expect(firsts.size).toBeGreaterThan(3);
    expect(orderLeaseCandidates(items, 3, "g1")).toEqual(orderLeaseCandidates(items, 3, "g1"));
  });

  it("hashes with FNV-1a before finalising", () => {
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
  });
});
