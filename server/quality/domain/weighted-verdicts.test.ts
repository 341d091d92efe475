import { describe, expect, it } from "vitest";
import { weightedVerdicts } from "./weighted-verdicts";

describe("weightedVerdicts", () => {
  it("recovers the verdicts of the reliable graders where three always-left graders would swing the plain vote", () => {
    // 20 prompts: the candidate is better on 15, the baseline on 5. Two graders answer truly; three
    // answer "candidate" on every prompt, which says nothing about the prompt.
    const judgments = [];
    for (let i = 0; i < 20; i++) {
      const truth = i < 15 ? 2 : -2;
      for (const g of ["r1", "r2"]) judgments.push({ graderId: g, unit: `item${i}\u0000dim-overall`, value: truth });
      for (const g of ["c1", "c2", "c3"]) judgments.push({ graderId: g, unit: `item${i}\u0000dim-overall`, value: 1 });
    }
    const [w] = weightedVerdicts(judgments, () => "overall", { resamples: 500, seed: 1 });
    expect(w).toMatchObject({ dimension: "overall", prompts: 20, judgments: 100 });
    expect(w.candidate.value).toBeCloseTo(0.75, 2);
    expect(w.baseline.value).toBeCloseTo(0.25, 2);
    expect(w.same.value).toBeCloseTo(0, 2);
    expect(w.candidate.low!).toBeLessThan(0.75);
    expect(w.candidate.high!).toBeGreaterThan(0.75);
  });
});
