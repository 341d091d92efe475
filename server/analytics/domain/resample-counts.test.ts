import { describe, expect, it } from "vitest";
import { ResampleCounts } from "./resample-counts";
import { mulberry32 } from "./seeded-random";

const unitsOf = (counts: number[]) => Int32Array.from(counts.flatMap((c, t) => new Array<number>(c).fill(t)));

/** Binomial(n, p) probabilities. */
function binomialPmf(n: number, p: number): number[] {
  const out: number[] = [];
  let c = 1;
  for (let k = 0; k <= n; k++) {
    out.push(c * p ** k * (1 - p) ** (n - k));
    c = (c * (n - k)) / (k + 1);
  }
  return out;
}

/** Over `draws` resamples: each type's mean count, and the covariance of two types' counts (of one type with itself: its variance). */
function moments(r: ResampleCounts, u: Parameters<ResampleCounts["draw"]>[0], types: number, draws: number) {
  const out = new Int32Array(types);
  const sum = new Array<number>(types).fill(0);
  const products = new Array<number>(types * types).fill(0);
  for (let i = 0; i < draws; i++) {
    r.draw(u, out);
    for (let a = 0; a < types; a++) {
      sum[a] += out[a];
      for (let b = 0; b < types; b++) products[a * types + b] += out[a] * out[b];
    }
  }
  const mean = sum.map((s) => s / draws);
  return { mean, covariance: (a: number, b: number) => products[a * types + b] / draws - mean[a] * mean[b] };
}

describe("resample counts (units, Poisson then correct, or conditional binomials)", () => {
  it("always draws exactly n units, by either method", () => {
    const counts = [5, 1, 1, 40, 3, 120, 2, 9];
    const units = unitsOf(counts);
    for (const options of [{ method: "units" }, { method: "poisson" }, { method: "poisson", shortfallSd: 0 }, { method: "binomials" }] as const) {
      const r = new ResampleCounts(counts, units, options);
      const u = mulberry32(3);
      const out = new Int32Array(counts.length);
      for (let i = 0; i < 2000; i++) {
        r.draw(u, out);
        expect(out.reduce((s, x) => s + x, 0)).toBe(units.length);
        expect(Math.min(...out)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it.each([3, 0])("a type's count is Binomial(n, count/n), as when drawing units one by one (means short by %d sd)", (shortfallSd) => {
    // 10 units, 3 of type 1: the frequencies of 0..10 must match Binomial(10, 0.3) to sampling error.
    // Unscaled, the Poisson total (mean 10) is 10 only 12.5% of the time, and above it 42%: both
    // corrections run often. Scaled down by 3 sd, the total is short of 10 almost always.
    const counts = [4, 3, 2, 1];
    const r = new ResampleCounts(counts, unitsOf(counts), { method: "poisson", shortfallSd });
    const u = mulberry32(11);
    const out = new Int32Array(4);
    const draws = 200_000;
    const seen = new Array<number>(11).fill(0);
    for (let i = 0; i < draws; i++) {
      r.draw(u, out);
      seen[out[1]]++;
    }
    binomialPmf(10, 0.3).forEach((p, k) => {
      const sd = Math.sqrt(draws * p * (1 - p));
      expect(Math.abs(seen[k] - draws * p)).toBeLessThan(4.5 * sd + 1);
    });
  });

  it("counts have the multinomial's covariance, −n·pᵢ·pⱼ, with large counts drawn by rejection", () => {
    const counts = [300, 100, 50, 50]; // means above the table's limit go through transformed rejection
    const n = 500;
    const r = new ResampleCounts(counts, unitsOf(counts), { method: "poisson" });
    const { mean, covariance } = moments(r, mulberry32(5), 4, 40_000);
    counts.forEach((c, t) => expect(mean[t]).toBeCloseTo(c, 0));
    const p0 = 0.6, p1 = 0.2;
    expect(covariance(0, 0)).toBeCloseTo(n * p0 * (1 - p0), -1); // 120 ± 5
    expect(covariance(0, 1) / (-n * p0 * p1)).toBeGreaterThan(0.93);
    expect(covariance(0, 1) / (-n * p0 * p1)).toBeLessThan(1.07);
  });

  it("units drawn one by one after the Poisson draws come in proportion to their counts, however unequal", () => {
    // Means scaled nearly to zero: almost every unit is drawn one by one, through the alias table.
    const counts = [1, 997, 1, 3, 50, 7, 1, 140];
    const n = counts.reduce((s, c) => s + c, 0);
    const r = new ResampleCounts(counts, unitsOf(counts), { method: "poisson", shortfallSd: 0.95 * Math.sqrt(n) });
    const u = mulberry32(17);
    const out = new Int32Array(counts.length);
    const draws = 20_000;
    const sum = new Array<number>(counts.length).fill(0);
    for (let i = 0; i < draws; i++) {
      r.draw(u, out);
      out.forEach((x, t) => (sum[t] += x));
    }
    counts.forEach((c, t) => {
      const p = c / n;
      const sd = Math.sqrt((n * p * (1 - p)) / draws); // of the mean count over the draws
      expect(Math.abs(sum[t] / draws - c)).toBeLessThan(4.5 * sd);
    });
  });

  it("by conditional binomials, a type's count is Binomial(n, count/n), and the counts have the multinomial's covariance", () => {
    // Small: 10 units, 3 of type 1 (inversion). Large: 5,000 units (transformed rejection).
    const small = new ResampleCounts([4, 3, 2, 1], unitsOf([4, 3, 2, 1]), { method: "binomials" });
    const u = mulberry32(12);
    const out = new Int32Array(4);
    const draws = 200_000;
    const seen = new Array<number>(11).fill(0);
    for (let i = 0; i < draws; i++) seen[small.draw(u, out)[1]]++;
    binomialPmf(10, 0.3).forEach((p, k) => expect(Math.abs(seen[k] - draws * p)).toBeLessThan(4.5 * Math.sqrt(draws * p * (1 - p)) + 1));
    const counts = [3000, 1000, 500, 500];
    const n = 5000;
    const large = ResampleCounts.ofCounts(counts, "binomials");
    const many = 40_000;
    const { mean, covariance } = moments(large, u, 4, many);
    counts.forEach((c, t) => expect(Math.abs(mean[t] - c)).toBeLessThan(4.5 * Math.sqrt((n * (c / n) * (1 - c / n)) / many)));
    expect(covariance(1, 1) / (n * 0.2 * 0.8)).toBeGreaterThan(0.95);
    expect(covariance(1, 1) / (n * 0.2 * 0.8)).toBeLessThan(1.05);
    expect(covariance(0, 1) / (-n * 0.6 * 0.2)).toBeGreaterThan(0.93);
    expect(covariance(0, 1) / (-n * 0.6 * 0.2)).toBeLessThan(1.07);
  });

  it("chooses the cheaper exact way for the shape: one by one, Poisson then correct, or conditional binomials", () => {
    expect(ResampleCounts.ofCounts([1, 2, 1, 1]).wayOfDrawing).toBe("units");
    // a mean's dozen distinct values over 40,000 prompts: 3√n units drawn one by one would dominate
    expect(ResampleCounts.ofCounts(Array.from({ length: 13 }, () => 3000)).wayOfDrawing).toBe("binomials");
    // paired means, a few hundred types
    expect(ResampleCounts.ofCounts(Array.from({ length: 169 }, () => 240)).wayOfDrawing).toBe("poisson");
  });

  it("is seeded: the same seed, the same counts", () => {
    const counts = Array.from({ length: 300 }, (_, t) => 1 + (t % 7));
    const r = new ResampleCounts(counts, unitsOf(counts));
    const a = r.draw(mulberry32(9), new Int32Array(300));
    const b = r.draw(mulberry32(9), new Int32Array(300));
    expect([...a]).toEqual([...b]);
  });

  it("refuses counts that do not add up to the units", () => {
    expect(() => new ResampleCounts([2, 2], Int32Array.from([0, 1, 1]))).toThrow(/add up to 4, not the 3 units/);
  });
});
