import { describe, expect, it } from "vitest";
import { binomial, logFactorial, logGamma, mulberry32, poissonLarge } from "./seeded-random";

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

  it("fill writes the values the same number of calls would give, and continues the sequence", () => {
    const called = mulberry32(2026);
    const filled = mulberry32(2026);
    const expected = Array.from({ length: 1001 }, () => called());
    const batch = new Float64Array(1000);
    filled.fill!(batch, 1000);
    expect([...batch, filled()]).toEqual(expected);
  });

  it("draws binomials exactly, by inversion and by transformed rejection: frequencies match the probability mass function", () => {
    const u = mulberry32(1);
    // n·p 2.4 (inversion), 60 and, through the symmetry, 300 of 1,000 at p = 0.7 (rejection)
    for (const [n, p, from, to] of [[12, 0.2, 0, 6], [200, 0.3, 40, 80], [1000, 0.7, 660, 740]] as const) {
      const draws = 200_000;
      const seen = new Map<number, number>();
      for (let i = 0; i < draws; i++) {
        const k = binomial(n, p, u);
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      for (let k = from; k <= to; k++) {
        const pk = Math.exp(logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log(1 - p));
        expect(Math.abs((seen.get(k) ?? 0) - draws * pk)).toBeLessThan(4.5 * Math.sqrt(draws * pk) + 1);
      }
    }
    const big = Array.from({ length: 20_000 }, () => binomial(1_000_000, 0.5, u));
    const [m, v] = meanVar(big);
    expect(Math.abs(m - 500_000) / Math.sqrt(250_000 / 20_000)).toBeLessThan(4.5);
    expect(v / 250_000).toBeGreaterThan(0.96);
    expect(v / 250_000).toBeLessThan(1.04);
    expect(binomial(10, 0, u)).toBe(0);
    expect(binomial(10, 1, u)).toBe(10);
    expect(binomial(0, 0.5, u)).toBe(0);
  });

  it("computes ln Γ to double precision (values from Python's math.lgamma)", () => {
    expect(logGamma(10)).toBeCloseTo(12.801827480081469, 12);
    expect(logGamma(3.5)).toBeCloseTo(1.2009736023470743, 12);
    expect(logGamma(1.5)).toBeCloseTo(-0.12078223763524522, 12);
    expect(logGamma(1001)).toBeCloseTo(5912.128178488163, 9);
  });

  it("gives ln k! from its cache exactly as logGamma(k + 1) computes it, in whatever order asked", () => {
    for (const k of [5_000, 0, 1, 2, 1023, 1024, 70_000, 3, 1_048_575, 1_048_576, 2_000_000]) expect(logFactorial(k)).toBe(logGamma(k + 1));
    for (let k = 0; k < 5_000; k++) expect(logFactorial(k)).toBe(logGamma(k + 1));
    for (const k of [2.5, 0.25, 4_000.5]) expect(logFactorial(k)).toBe(logGamma(k + 1));
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
