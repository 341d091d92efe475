import { describe, expect, it } from "vitest";
import { createRng } from "../../../seed/rng";
import { accumulateOverTime, checkpoints, preferenceGroupsOverTime, timeOrder, type TimedColumns } from "./over-time";

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

describe("timeOrder", () => {
  it("sorts rows by time and keeps rows of equal time in their order", () => {
    expect(Array.from(timeOrder(Float64Array.of(30, 10, 20, 10, 30, 5)))).toEqual([5, 1, 3, 2, 0, 4]);
    expect(Array.from(timeOrder(new Float64Array(0)))).toEqual([]);
  });
});

describe("accumulateOverTime", () => {
  it("folds judgments into units in time order and emits cumulative units at each checkpoint", () => {
    const at = Float64Array.of(30, 10, 20, 40);
    const key = [0, 0, 1, 1];
    const v = [1, 2, 5, -1];
    const seen: { count: number; at: number; sums: Record<string, number> }[] = [];
    accumulateOverTime(timeOrder(at), at, 2, { keyOf: (r) => key[r], start: () => ({ sum: 0 }), add: (u, r) => { u.sum += v[r]; } },
      (count, last, units) => {
        const sums: Record<string, number> = {};
        let i = 0;
        for (const u of units) sums[i++] = u.sum;
        seen.push({ count, at: last, sums });
      });
    // First checkpoint: the two earliest (at 10 → a=2, at 20 → b=5); then all four (a=3, b=4).
    expect(seen).toEqual([{ count: 2, at: 20, sums: { 0: 2, 1: 5 } }, { count: 4, at: 40, sums: { 0: 3, 1: 4 } }]);
  });
});

describe("preferenceGroupsOverTime", () => {
  it("gives at each checkpoint the prompts' histograms so far, prompts with equal ones as one counted unit", () => {
    const rng = createRng(3);
    const n = 600;
    const j: TimedColumns = { length: n, items: 40, dimensions: 2, item: new Int32Array(n), dimension: new Int32Array(n), value: new Float64Array(n), at: new Float64Array(n) };
    for (let r = 0; r < n; r++) {
      j.item[r] = rng.int(0, 39); j.dimension[r] = rng.int(0, 1); j.value[r] = rng.int(-3, 3); j.at[r] = rng.int(0, 100);
    }
    const seen: { count: number; at: number; histograms: string[] }[] = [];
    preferenceGroupsOverTime(j, 4, (d) => ["overall", "truthfulness"][d], (count, at, units) => {
      expect(units.every((u) => u.count! > 0 && u.n === u.histogram[0] + u.histogram[1] + u.histogram[2] + u.histogram[3] + u.histogram[4] + u.histogram[5] + u.histogram[6])).toBe(true);
      seen.push({ count, at, histograms: units.flatMap((u) => Array<string>(u.count!).fill(`${u.dimension}:${Array.from(u.histogram).join(",")}`)).sort() });
    });
    // The same, prompt by prompt, from the rows sorted by time (stable).
    const order = [...Array(n).keys()].sort((a, b) => j.at[a] - j.at[b]);
    expect(seen.map((s) => s.count)).toEqual([150, 300, 450, 600]);
    for (const s of seen) {
      const units = new Map<string, number[]>();
      for (const r of order.slice(0, s.count)) {
        const key = `${["overall", "truthfulness"][j.dimension[r]]}|${j.item[r]}`;
        const h = units.get(key) ?? units.set(key, [0, 0, 0, 0, 0, 0, 0]).get(key)!;
        h[j.value[r] + 3]++;
      }
      expect(s.histograms).toEqual([...units].map(([k, h]) => `${k.split("|")[0]}:${h.join(",")}`).sort());
      expect(s.at).toBe(j.at[order[s.count - 1]]);
    }
  });

  it("keeps a histogram whose points overflow a packed field apart from others", () => {
    const n = 260;
    const j: TimedColumns = { length: n, items: 2, dimensions: 1, item: new Int32Array(n), dimension: new Int32Array(n), value: new Float64Array(n), at: Float64Array.from({ length: n }, (_, r) => r) };
    for (let r = 0; r < n; r++) { j.item[r] = r % 2; j.value[r] = r % 2 ? 3 : -3; }
    let last: { histogram: ArrayLike<number>; count?: number }[] = [];
    preferenceGroupsOverTime(j, 1, () => "overall", (_c, _at, units) => { last = units; });
    expect(last.map((u) => [Array.from(u.histogram), u.count])).toEqual(expect.arrayContaining([[[130, 0, 0, 0, 0, 0, 0], 1], [[0, 0, 0, 0, 0, 0, 130], 1]]));
    expect(last).toHaveLength(2);
  });

  it("refuses a preference off the scale", () => {
    const j: TimedColumns = { length: 1, items: 1, dimensions: 1, item: Int32Array.of(0), dimension: Int32Array.of(0), value: Float64Array.of(4), at: Float64Array.of(0) };
    expect(() => preferenceGroupsOverTime(j, 1, () => "overall", () => {})).toThrow("a preference of 4 is off the −3 … +3 scale");
  });
});
