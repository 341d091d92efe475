import { describe, expect, it } from "vitest";
import { binomial, gamma, mulberry32, multinomial } from "./seeded-random";

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

  it("draw gamma with the right mean and variance", () => {
    const u = mulberry32(1);
    const [m, v] = meanVar(Array.from({ length: 20_000 }, () => gamma(3.5, u)));
    expect(m).toBeCloseTo(3.5, 1);
    expect(v).toBeGreaterThan(3.2);
    expect(v).toBeLessThan(3.8);
  });

  it("draw binomials with mean np and variance np(1-p), small and large n", () => {
    const u = mulberry32(2);
    for (const [n, p] of [[20, 0.3], [5_000, 0.2], [1_000_000, 0.5]] as const) {
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
});
