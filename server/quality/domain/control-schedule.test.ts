import { describe, expect, it } from "vitest";
import { controlTaskNext } from "./control-schedule";

describe("controlTaskNext", () => {
  it("never serves control items at rate 0 and always at rate 1", () => {
    expect(Array.from({ length: 100 }, (_, i) => controlTaskNext(0, "s", "g", i)).some(Boolean)).toBe(false);
    expect(Array.from({ length: 100 }, (_, i) => controlTaskNext(1, "s", "g", i)).every(Boolean)).toBe(true);
  });

  it("serves close to the configured share over many tasks and graders", () => {
    let hits = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) if (controlTaskNext(0.1, "study-1", `grader-${i % 50}`, Math.floor(i / 50))) hits++;
    expect(hits / n).toBeGreaterThan(0.09);
    expect(hits / n).toBeLessThan(0.11);
  });

  it("is the same decision for the same grader and task count, and differs between graders", () => {
    const a = Array.from({ length: 200 }, (_, i) => controlTaskNext(0.2, "s", "g1", i));
    const b = Array.from({ length: 200 }, (_, i) => controlTaskNext(0.2, "s", "g2", i));
    expect(Array.from({ length: 200 }, (_, i) => controlTaskNext(0.2, "s", "g1", i))).toEqual(a);
    expect(a).not.toEqual(b);
  });
});
