import { describe, expect, it } from "vitest";
import { DEFAULT_BOOTSTRAP, bootstrapMean, bootstrapMeanOf, bootstrapRelativeImprovements, quantile } from "./bootstrap";
import { mulberry32 } from "./seeded-random";

const OPTS = { resamples: 2000, seed: 42 };

describe("bootstrap intervals", () => {
  it("interpolates quantiles like R's type 7", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.975)).toBeCloseTo(49, 10);
  });

  it("covers the mean with about the width of ±1.96 standard errors", () => {
    const u = mulberry32(5);
    const values = Array.from({ length: 400 }, () => 1 + Math.floor(u() * 5)); // uniform on 1..5, sd √2
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const ci = bootstrapMean(values, OPTS, "m")!;
    expect(ci.low).toBeLessThan(mean);
    expect(ci.high).toBeGreaterThan(mean);
    const se = Math.sqrt(2 / 400);
    expect((ci.high - ci.low) / (2 * 1.96 * se)).toBeGreaterThan(0.9);
    expect((ci.high - ci.low) / (2 * 1.96 * se)).toBeLessThan(1.1);
  });

  it("agrees with a brute-force bootstrap that resamples prompts one by one", () => {
    const u = mulberry32(21);
    // Prompt means of 3 graders' 1..5 scores: 13 distinct values, skewed towards high scores.
    const values = Array.from({ length: 600 }, () => (3 + [1, 2, 3].reduce((s) => s + Math.min(4, Math.floor(u() * u() * 6)), 0)) / 3);
    const ci = bootstrapMean(values, { resamples: 4000, seed: 3 }, "bf")!;
    const stats: number[] = [];
    for (let r = 0; r < 4000; r++) {
      let sum = 0;
      for (let i = 0; i < values.length; i++) sum += values[Math.floor(u() * values.length)];
      stats.push(sum / values.length);
    }
    stats.sort((a, b) => a - b);
    const se = Math.sqrt(values.reduce((s, v) => s + (v - stats[2000]) ** 2, 0) / values.length / values.length);
    expect(Math.abs(ci.low - quantile(stats, 0.025)) / se).toBeLessThan(0.15);
    expect(Math.abs(ci.high - quantile(stats, 0.975)) / se).toBeLessThan(0.15);
  });

  it("is reproducible for a seed and key, and differs for another key", () => {
    const u = mulberry32(11);
    const values = Array.from({ length: 97 }, () => Math.round(u() * 40) / 10);
    expect(bootstrapMean(values, OPTS, "k")).toEqual(bootstrapMean(values, OPTS, "k"));
    expect(bootstrapMean(values, OPTS, "k")).not.toEqual(bootstrapMean(values, OPTS, "other"));
  });

  it("collapses to the point when every unit is the same", () => {
    expect(bootstrapMean([3, 3, 3], OPTS, "x")).toEqual({ low: 3, high: 3 });
    expect(bootstrapRelativeImprovements([[4, 2], [4, 2]], OPTS, "x")).toEqual({ aOverB: { low: 1, high: 1 }, bOverA: { low: -0.5, high: -0.5 }, difference: { low: 2, high: 2 } });
  });

  it("brackets the relative improvement of paired units", () => {
    const u = mulberry32(8);
    const pairs = Array.from({ length: 300 }, () => [3 + Math.round(u()), 2 + Math.round(u())] as [number, number]);
    const ma = pairs.reduce((s, p) => s + p[0], 0) / 300;
    const mb = pairs.reduce((s, p) => s + p[1], 0) / 300;
    const ci = bootstrapRelativeImprovements(pairs, OPTS, "ri")!.aOverB;
    expect(ci.low).toBeLessThan((ma - mb) / mb);
    expect(ci.high).toBeGreaterThan((ma - mb) / mb);
    expect(ci.low).toBeGreaterThan(0.2);
    expect(bootstrapMean([], OPTS, "e")).toBeNull();
  });
});

describe("bootstrapMeanOf", () => {
  it("gives exactly the interval bootstrapMean gives for the same units, in any order", () => {
    const values = [1, 4 / 3, 5, 2, 2, 2, 3.5, 1, 4 / 3, 5, 5, 5];
    // 2 arrives as two groups (a prompt mean of 2/1 and of 4/2): still one value.
    const dist = [{ value: 5, count: 4 }, { value: 2, count: 1 }, { value: 1, count: 2 }, { value: 4 / 3, count: 2 }, { value: 3.5, count: 1 }, { value: 4 / 2, count: 2 }, { value: 9, count: 0 }];
    expect(bootstrapMeanOf(dist, DEFAULT_BOOTSTRAP, "k")).toEqual(bootstrapMean(values, DEFAULT_BOOTSTRAP, "k"));
    expect(bootstrapMeanOf([], DEFAULT_BOOTSTRAP, "k")).toBeNull();
  });
});
