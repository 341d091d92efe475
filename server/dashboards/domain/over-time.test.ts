import { describe, expect, it } from "vitest";
import { createRng } from "../../../seed/rng";
import { ScoreSeries, singleSidedRows, type ScoreUnit } from "../../analytics/domain/single-sided-report";
import type { ReportRow } from "../../analytics/domain/report-row";
import { allOnly } from "../../analytics/domain/slices";
import { checkpoints, preferenceGroupsOverTime, scoresOverTime, timeOrder, timeOrderByRank, type TimedColumns } from "./over-time";

const OPTS = { resamples: 300, seed: 4 };

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

  it("gives the same stable order by packed keys and by rank, over spans that fit a key and spans that do not", () => {
    const rng = createRng(11);
    const stable = (at: Float64Array) => [...at.keys()].sort((a, b) => at[a] - at[b] || a - b);
    // milliseconds a year apart with many ties (packed keys: a year × 5,000 rows fits); then a
    // span too long for a key at this size, and fractional times (both by rank)
    const year = Float64Array.from({ length: 5000 }, () => 1.7e12 + rng.int(0, 3.2e10 / 1e6) * 1e6);
    const long = Float64Array.from({ length: 5000 }, () => rng.int(0, 2e12));
    const fractional = Float64Array.from({ length: 500 }, () => rng.int(0, 50) + 0.5);
    for (const at of [year, long, fractional]) {
      expect(Array.from(timeOrder(at))).toEqual(stable(at));
      expect(Array.from(timeOrderByRank(at))).toEqual(stable(at));
    }
  });
});

describe("scoresOverTime", () => {
  it("gives at each checkpoint the report rows of the judgments submitted so far", () => {
    const rng = createRng(5);
    const n = 400;
    const items = [...Array(30).keys()].map((i) => ({ promptId: `p${i % 15}`, model: i < 15 ? "A" : "B" }));
    const prompts = new Map([...Array(15).keys()].map((p) => [`p${p}`, { locale: "en-US", region: "Americas", category: "c", modality: "TEXT" as const }]));
    const dims = ["overall", "truthfulness"];
    const j: TimedColumns = { length: n, items: 30, dimensions: 2, item: new Int32Array(n), dimension: new Int32Array(n), value: new Float64Array(n), at: new Float64Array(n) };
    for (let r = 0; r < n; r++) {
      j.item[r] = rng.int(0, 29); j.dimension[r] = rng.int(0, 1); j.value[r] = rng.int(1, 5); j.at[r] = rng.int(0, 50);
    }
    const seen: { count: number; at: number; rows: ReportRow[] }[] = [];
    const series = new ScoreSeries(prompts, allOnly);
    scoresOverTime(j, 4, series, (i) => items[i], (d) => dims[d], (count, at) => seen.push({ count, at, rows: series.rows("S", OPTS) }));
    // The same rows from the units summed afresh over the rows so far, sorted by time (stable).
    const order = [...Array(n).keys()].sort((a, b) => j.at[a] - j.at[b]);
    expect(seen.map((s) => s.count)).toEqual([100, 200, 300, 400]);
    for (const s of seen) {
      const units = new Map<string, ScoreUnit>();
      for (const r of order.slice(0, s.count)) {
        const key = `${j.item[r]}|${j.dimension[r]}`;
        const u = units.get(key) ?? units.set(key, { ...items[j.item[r]], dimension: dims[j.dimension[r]], n: 0, sum: 0, topBox: 0, histogram: [0, 0, 0, 0, 0] }).get(key)!;
        const v = j.value[r];
        u.n++; u.sum += v; if (v >= 4) u.topBox++; (u.histogram as number[])[v - 1]++;
      }
      const sorted = (rows: ReportRow[]) => rows.map((x) => ({ ...x, value: x.value === null ? null : Number(x.value.toFixed(12)) }))
        .sort((x, y) => `${x.dimension}|${x.model_a}|${x.model_b}|${x.metric}`.localeCompare(`${y.dimension}|${y.model_a}|${y.model_b}|${y.metric}`));
      expect(sorted(s.rows)).toEqual(sorted(singleSidedRows("S", units.values(), prompts, OPTS, allOnly)));
      expect(s.at).toBe(j.at[order[s.count - 1]]);
    }
  });

  it("refuses a score off the scale", () => {
    const j: TimedColumns = { length: 1, items: 1, dimensions: 1, item: Int32Array.of(0), dimension: Int32Array.of(0), value: Float64Array.of(6), at: Float64Array.of(0) };
    const series = new ScoreSeries(new Map([["p", { locale: "en-US", region: "Americas", category: "c", modality: "TEXT" as const }]]), allOnly);
    expect(() => scoresOverTime(j, 1, series, () => ({ promptId: "p", model: "A" }), () => "overall", () => {})).toThrow("a score of 6 is off the 1 … 5 scale");
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
