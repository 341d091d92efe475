import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../analytics/domain/seeded-random";
import { codeLabels } from "./coded-labels.fixture";
import { dawidSkene, type CodedLabels } from "./dawid-skene";
import { DAWID_SKENE_LIMITS, dawidSkeneIterationLimit, weightedVerdicts } from "./weighted-verdicts";

/** One dimension's judgments as the database read gives them: the verdict (the preference's sign) as the label. */
const labelsOf = (judgments: { graderId: string; item: string; value: number }[]): CodedLabels =>
  codeLabels(judgments.map((j) => ({ item: j.item, grader: j.graderId, label: Math.sign(j.value) + 1 }))).labels;

describe("weightedVerdicts", () => {
  it("recovers the verdicts of the reliable graders where three always-left graders would swing the plain vote", () => {
    // 20 prompts: the candidate is better on 15, the baseline on 5. Two graders answer truly; three
    // answer "candidate" on every prompt, which says nothing about the prompt.
    const judgments = [];
    for (let i = 0; i < 20; i++) {
      const truth = i < 15 ? 2 : -2;
      for (const g of ["r1", "r2"]) judgments.push({ graderId: g, item: `item${i}`, value: truth });
      for (const g of ["c1", "c2", "c3"]) judgments.push({ graderId: g, item: `item${i}`, value: 1 });
    }
    const w = weightedVerdicts("overall", labelsOf(judgments), { resamples: 500, seed: 1 });
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
    const judgments = Array.from({ length: 30 }, (_, i) => ({ graderId: `g${i % 3}`, item: `item${i}`, value: i % 2 ? 1 : -1 }));
    const w = weightedVerdicts("overall", labelsOf(judgments), { resamples: 500, seed: 1 });
    expect(w).toMatchObject({ prompts: 30, judgments: 30, candidate: null, same: null, baseline: null, converged: false });
    expect(w.refused).toMatch(/every prompt has a single grader/);
  });

  it("lets a small study with noisy graders settle inside its limit", () => {
    // 60 prompts, 6 graders of 55–90% accuracy, 3 per prompt: a demo-sized study. Plain EM moves
    // slowly here (it needed more than 50 iterations, which a fixed limit of 50 cut off).
    const u = mulberry32(7);
    const accuracy = Array.from({ length: 6 }, () => 0.55 + 0.35 * u());
    const judgments = [];
    for (let i = 0; i < 60; i++) {
      const truth = u() < 0.45 ? 1 : u() < 0.5 ? 0 : -1;
      const graders = new Set<number>();
      while (graders.size < 3) graders.add(Math.floor(u() * 6));
      for (const g of graders) judgments.push({ graderId: `g${g}`, item: `item${i}`, value: u() < accuracy[g] ? truth : Math.floor(u() * 3) - 1 });
    }
    const w = weightedVerdicts("overall", labelsOf(judgments), { resamples: 200, seed: 1 });
    expect(w.converged).toBe(true);
    expect(w.iterations).toBeLessThan(w.maxIterations);
    expect(w.maxIterations).toBe(DAWID_SKENE_LIMITS.maxIterations);
  });

  it("gives the mean posteriors of the fit as its shares", () => {
    const u = mulberry32(11);
    const judgments = [];
    for (let i = 0; i < 40; i++) for (const g of ["g1", "g2", "g3"]) judgments.push({ graderId: g, item: `item${i}`, value: Math.floor(u() * 3) - 1 });
    const labels = labelsOf(judgments);
    const w = weightedVerdicts("overall", labels, { resamples: 200, seed: 3 });
    const fit = dawidSkene(labels, { maxIterations: w.maxIterations, tolerance: DAWID_SKENE_LIMITS.tolerance });
    const posteriors = Array.from({ length: labels.items }, (_, i) => Array.from(fit.posteriors.subarray(i * 3, i * 3 + 3)));
    expect(w.iterations).toBe(fit.iterations);
    expect(w.prompts).toBe(40);
    for (const [k, share] of [[0, w.baseline], [1, w.same], [2, w.candidate]] as const) {
      expect(share!.value).toBe(posteriors.reduce((s, p) => s + p[k], 0) / posteriors.length);
      expect(share!.low!).toBeLessThanOrEqual(share!.value);
      expect(share!.high!).toBeGreaterThanOrEqual(share!.value);
    }
  });

  it("limits the iterations by a budget of label-iterations, between a floor and a ceiling", () => {
    expect(dawidSkeneIterationLimit(180)).toBe(1000);
    expect(dawidSkeneIterationLimit(200_000)).toBe(250);
    expect(dawidSkeneIterationLimit(1_000_000)).toBe(50);
    expect(dawidSkeneIterationLimit(0)).toBe(1000);
  });
});
