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
    expect(w).toMatchObject({ dimension: "overall", prompts: 20, judgments: 100, converged: true, refused: "" });
    expect(w.candidate!.value).toBeCloseTo(0.75, 2);
    expect(w.baseline!.value).toBeCloseTo(0.25, 2);
    expect(w.same!.value).toBeCloseTo(0, 2);
    expect(w.candidate!.low!).toBeLessThan(0.75);
    expect(w.candidate!.high!).toBeGreaterThan(0.75);
    expect(w.iterations).toBeGreaterThan(0);
    expect(w.iterations).toBeLessThan(w.maxIterations);
  });

  it("refuses, with the reason, when every prompt has a single grader", () => {
    const judgments = Array.from({ length: 30 }, (_, i) => ({ graderId: `g${i % 3}`, unit: `item${i}\u0000dim-overall`, value: i % 2 ? 1 : -1 }));
    const [w] = weightedVerdicts(judgments, () => "overall", { resamples: 500, seed: 1 });
    expect(w).toMatchObject({ prompts: 30, judgments: 30, candidate: null, same: null, baseline: null, converged: false });
    expect(w.refused).toMatch(/every prompt has a single grader/);
  });
});
