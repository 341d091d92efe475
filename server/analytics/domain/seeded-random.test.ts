import { describe, expect, it } from "vitest";
import { binomial, logGamma, mulberry32, multinomial, poissonLarge } from "./seeded-random";

const meanVar = (xs: number[]) => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return [m, xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length];
};

describe("seeded samplers", () => {
  it("repeat for a seed", () => {
    const a = mulberry32(9);
    const b = mulberry32(9);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it("draws small binomials exactly: the frequencies match the probability mass function", () => {
    const u = mulberry32(1);
    const n = 12, p = 0.2;
    const counts = new Array(n + 1).fill(0);
    const draws = 200_000;
    for (let i = 0; i < draws; i++) counts[binomial(n, p, u)]++;
    let pmf = (1 - p) ** n;
    for (let k = 0; k <= 4; k++) {
      expect(Math.abs(counts[k] / draws - pmf)).toBeLessThan(0.004);
      pmf *= ((n - k) / (k + 1)) * (p / (1 - p));
    }
  });

  it("draw binomials with mean np and variance np(1-p), small and large n", () => {
    const u = mulberry32(2);
    for (const [n, p] of [[20, 0.3], [60, 0.05], [5_000, 0.2], [1_000_000, 0.5], [30, 0.9]] as const) {
      const [m, v] = meanVar(Array.from({ length: 4_000 }, () => binomial(n, p, u)));
      expect(Math.abs(m - n * p) / Math.sqrt(n * p * (1 - p))).toBeLessThan(0.1);
      expect(v / (n * p * (1 - p))).toBeGreaterThan(0.9);
      expect(v / (n * p * (1 - p))).toBeLessThan(1.1);
    }
    expect(binomial(10, 0, u)).toBe(0);
    expect(binomial(10, 1, u)).toBe(10);
  });

  it("draw multinomial counts that sum to n", () => {
    const u = mulberry32(3);
    const draws = Array.from({ length: 2_000 }, () => multinomial(1_000, [0.5, 0.3, 0.2], u));
    expect(draws.every((d) => d[0] + d[1] + d[2] === 1_000)).toBe(true);
    expect(meanVar(draws.map((d) => d[1]))[0]).toBeCloseTo(300, -1);
  });

  it("computes ln Γ to double precision (values from Python's math.lgamma)", () => {
    expect(logGamma(10)).toBeCloseTo(12.801827480081469, 12);
    expect(logGamma(3.5)).toBeCloseTo(1.2009736023470743, 12);
    expect(logGamma(1.5)).toBeCloseTo(-0.12078223763524522, 12);
    expect(logGamma(1001)).toBeCloseTo(5912.128178488163, 9);
  });

  it("draws large Poissons exactly: frequencies match the probability mass function, mean and variance the mean", () => {
    const u = mulberry32(17);
    const mean = 15, draws = 200_000;
    const seen = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const k = poissonLarge(mean, u);
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    for (let k = 5; k <= 30; k++) {
      const p = Math.exp(-mean + k * Math.log(mean) - logGamma(k + 1));
      expect(Math.abs((seen.get(k) ?? 0) - draws * p)).toBeLessThan(4.5 * Math.sqrt(draws * p) + 1);
    }
    for (const m of [40.5, 1e5]) {
      const [avg, variance] = meanVar(Array.from({ length: 50_000 }, () => poissonLarge(m, u)));
      expect(Math.abs(avg - m)).toBeLessThan(5 * Math.sqrt(m / 50_000));
      expect(variance / m).toBeGreaterThan(0.97);
      expect(variance / m).toBeLessThan(1.03);
    }
  });
});
