import { describe, expect, it } from "vitest";
import { signTestP } from "./sign-test";

describe("exact two-sided sign test", () => {
  it("matches hand-computed small cases", () => {
    // 9 of 10: 2 * (1 + 10) / 1024
    expect(signTestP(9, 10)).toBeCloseTo(22 / 1024, 12);
    expect(signTestP(1, 10)).toBeCloseTo(22 / 1024, 12);
    // 10 of 10: 2 / 1024
    expect(signTestP(10, 10)).toBeCloseTo(2 / 1024, 12);
    // 3 of 6: the whole distribution, capped at 1
    expect(signTestP(3, 6)).toBe(1);
    // R: binom.test(60, 100)$p.value = 0.05688793
    expect(signTestP(60, 100)).toBeCloseTo(0.05688793, 7);
  });

  it("handles large n without underflow", () => {
    // 50,500 of 100,000: z ≈ 3.16, p ≈ 0.00158 (normal approximation with continuity ≈ 0.001578)
    const p = signTestP(50_500, 100_000)!;
    expect(p).toBeGreaterThan(0.0015);
    expect(p).toBeLessThan(0.0017);
    expect(signTestP(0, 100_000)).toBe(0);
  });

  it("is undefined without decisive prompts and rejects impossible counts", () => {
    expect(signTestP(0, 0)).toBeNull();
    expect(() => signTestP(5, 3)).toThrow(RangeError);
  });
});

describe("sign test p below the smallest double", () => {
  it("keeps ln p exact where p itself underflows, and reports it as a floor with log10 p", async () => {
    const { signTestLogP } = await import("./sign-test");
    const { pValueFigure, P_FLOOR } = await import("./p-value");
    // 10,000 of 10,000: p = 2 · 2^−10000, log10 p = −9999 · log10 2 = −3009.996
    const lp = signTestLogP(10_000, 10_000)!;
    expect(lp / Math.LN10).toBeCloseTo(-9999 * Math.log10(2), 6);
    expect(pValueFigure(lp)).toEqual({ value: P_FLOOR, note: "p < 1e-300 (log10 p = -3010.00)" });
    // an ordinary p is reported as itself
    expect(pValueFigure(signTestLogP(60, 100)!).value).toBeCloseTo(0.05688793, 7);
    expect(pValueFigure(signTestLogP(60, 100)!).note).toBe("");
  });
});
