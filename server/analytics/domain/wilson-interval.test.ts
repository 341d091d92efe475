import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./wilson-interval";

describe("Wilson interval", () => {
  it("matches hand-computed values", () => {
    // p = 0.5, n = 10: centre 0.5, half = 1.96/(1+0.38415) * sqrt(0.025 + 0.0096037) = 0.2632...
    const a = wilsonInterval(5, 10)!;
    expect(a.low).toBeCloseTo(0.236593, 5);
    expect(a.high).toBeCloseTo(0.763407, 5);
    // 45 of 100 (as in R: prop.test(45, 100, correct = FALSE)$conf.int = 0.3561454 0.5475540)
    const b = wilsonInterval(45, 100)!;
    expect(b.low).toBeCloseTo(0.3561454, 6);
    expect(b.high).toBeCloseTo(0.547554, 6);
  });

  it("stays inside [0, 1] at the edges and is undefined for n = 0", () => {
    const zero = wilsonInterval(0, 20)!;
    expect(zero.low).toBe(0);
    expect(zero.high).toBeCloseTo(0.1611251, 6);
    const all = wilsonInterval(20, 20)!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(1 - 0.1611251, 6);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});
