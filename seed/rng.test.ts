import { describe, expect, it } from "vitest";
import { createRng } from "./rng";

describe("seeded rng", () => {
  it("repeats exactly for the same seed and differs for another", () => {
    const a = Array.from({ length: 5 }, createRng(42).next);
    const r = createRng(42);
    expect(Array.from({ length: 5 }, () => r.next())).toEqual(a);
    expect(createRng(43).next()).not.toBe(a[0]);
  });

  it("stays in range", () => {
    const r = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const v = r.int(-3, 3);
      expect(v).toBeGreaterThanOrEqual(-3);
      expect(v).toBeLessThanOrEqual(3);
    }
  });

  it("draws normals with about the right mean and spread", () => {
    const r = createRng(7);
    const xs = Array.from({ length: 20000 }, () => r.normal(2, 0.5));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(2, 1);
    expect(sd).toBeCloseTo(0.5, 1);
  });
});
