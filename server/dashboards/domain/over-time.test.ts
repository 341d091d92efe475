import { describe, expect, it } from "vitest";
import { accumulateOverTime, checkpoints } from "./over-time";

describe("checkpoints", () => {
  it("spreads counts evenly and ends at the total", () => {
    expect(checkpoints(100, 4)).toEqual([25, 50, 75, 100]);
    expect(checkpoints(10, 3)).toEqual([4, 7, 10]);
  });
  it("never repeats a count when there are fewer judgments than points", () => {
    expect(checkpoints(3, 10)).toEqual([1, 2, 3]);
    expect(checkpoints(0, 10)).toEqual([]);
  });
});

describe("accumulateOverTime", () => {
  it("folds judgments into units in time order and emits cumulative units at each checkpoint", () => {
    const js = [
      { at: 30, key: "a", v: 1 }, { at: 10, key: "a", v: 2 }, { at: 20, key: "b", v: 5 }, { at: 40, key: "b", v: -1 },
    ];
    const seen: { count: number; at: number; sums: Record<string, number> }[] = [];
    accumulateOverTime(js, 2, { keyOf: (j) => j.key, start: () => ({ sum: 0 }), add: (u, j) => { u.sum += j.v; } },
      (count, at, units) => {
        const sums: Record<string, number> = {};
        let i = 0;
        for (const u of units) sums[i++] = u.sum;
        seen.push({ count, at, sums });
      });
    // First checkpoint: the two earliest (at 10 → a=2, at 20 → b=5); then all four (a=3, b=4).
    expect(seen).toEqual([{ count: 2, at: 20, sums: { 0: 2, 1: 5 } }, { count: 4, at: 40, sums: { 0: 3, 1: 4 } }]);
  });
});
