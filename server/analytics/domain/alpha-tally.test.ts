import { describe, expect, it } from "vitest";
import { AlphaTally } from "./alpha-tally";
import { quantile } from "./bootstrap";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { mulberry32 } from "./seeded-random";

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers,
// twelve units, values 1..5, with missing data. Published: nominal 0.743, ordinal 0.815, interval 0.849.
const A = [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null];
const B = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3];
const C = [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null];
const D = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null];
const units = A.map((_, i) => [A[i], B[i], C[i], D[i]].filter((v): v is number => v !== null));
const hist = (values: number[], points = 5, lowest = 1) => {
  const h = new Array<number>(points).fill(0);
  for (const v of values) h[v - lowest]++;
  return h;
};
const OPTS = { resamples: 2000, seed: 3 };

describe("alpha from unit histograms", () => {
  const tally = new AlphaTally(5);
  for (const u of units) tally.add(hist(u));
  const r = tally.results(OPTS, "example");

  it("reproduces the published interval and ordinal values", () => {
    expect(r.interval.alpha!).toBeCloseTo(0.849, 3);
    expect(r.interval.alpha!).toBeCloseTo(krippendorffAlpha(units, "interval")!, 12);
    expect(r.ordinal.alpha!).toBeCloseTo(0.815, 3);
    expect(r.interval.units).toBe(11); // unit 12 has one value
  });

  it("brackets each value with a bootstrap interval over units, the same one for the same units in any order", () => {
    for (const m of ["interval", "ordinal"] as const) {
      expect(r[m].interval!.low).toBeLessThan(r[m].alpha!);
      expect(r[m].interval!.high).toBeGreaterThanOrEqual(r[m].alpha!);
      expect(r[m].note).toBe("");
    }
    const reversed = new AlphaTally(5);
    for (const u of [...units].reverse()) reversed.add(hist(u));
    expect(reversed.results(OPTS, "example")).toEqual(r);
  });

  it("agrees with a bootstrap that resamples units one by one", () => {
    const u = mulberry32(17);
    // 300 prompts × 3 graders on a 7-point scale, graders near the prompt's own level.
    const data = Array.from({ length: 300 }, () => {
      const level = Math.floor(u() * 7);
      return [0, 1, 2].map(() => Math.max(0, Math.min(6, level + Math.round((u() - 0.5) * 3))));
    });
    const big = new AlphaTally(7);
    for (const d of data) big.add(hist(d, 7, 0));
    const fast = big.results({ resamples: 3000, seed: 5 }, "sim").interval.interval!;
    const stats: number[] = [];
    for (let b = 0; b < 3000; b++) stats.push(krippendorffAlpha(Array.from({ length: 300 }, () => data[Math.floor(u() * 300)]), "interval")!);
    stats.sort((a, b) => a - b);
    const se = (quantile(stats, 0.975) - quantile(stats, 0.025)) / 3.92;
    expect(Math.abs(fast.low - quantile(stats, 0.025)) / se).toBeLessThan(0.15);
    expect(Math.abs(fast.high - quantile(stats, 0.975)) / se).toBeLessThan(0.15);
  });

  it("gives no interval from fewer than ten units, and no alpha without variation", () => {
    const few = new AlphaTally(5);
    for (const u of units.slice(0, 5)) few.add(hist(u));
    expect(few.results(OPTS, "few").interval).toMatchObject({ units: 5, interval: null, note: "no interval: 5 prompts, fewer than the 10 a bootstrap interval needs" });
    const flat = new AlphaTally(5);
    for (let i = 0; i < 12; i++) flat.add(hist([3, 3]));
    expect(flat.results(OPTS, "flat").ordinal).toMatchObject({ alpha: null, interval: null, units: 12 });
  });
});
