import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../analytics/domain/seeded-random";
import { codeLabels, type NamedLabel as Label } from "./coded-labels.fixture";
import { dawidSkene as dawidSkeneOfCodes } from "./dawid-skene";

/** The fit over named labels, its results named again. */
function dawidSkene(named: Label[], opts: { maxIterations?: number; tolerance?: number } = {}) {
  const { labels, items, graders } = codeLabels(named);
  const fit = dawidSkeneOfCodes(labels, opts);
  return {
    ...fit,
    posteriors: new Map(items.map((x, i) => [x, Array.from(fit.posteriors.subarray(i * 3, i * 3 + 3))])),
    graderAccuracy: new Map(graders.map((g, gi) => [g, fit.graderAccuracy[gi]])),
  };
}

/**
 * Dawid & Skene's EM written out plainly, one step after the other, as the reference: until the
 * posteriors move less than `tolerance`, with the iterations that took.
 */
function textbookFit(labels: Label[], tolerance: number, maxIterations = 100_000) {
  const items = [...new Set(labels.map((x) => x.item))];
  const graders = [...new Set(labels.map((x) => x.grader))];
  const ofItem = new Map(items.map((i) => [i, labels.filter((x) => x.item === i)]));
  const ofGrader = new Map(graders.map((g) => [g, labels.filter((x) => x.grader === g)]));
  let T = new Map(items.map((i) => {
    const own = ofItem.get(i)!;
    return [i, [0, 1, 2].map((k) => own.filter((x) => x.label === k).length / own.length)];
  }));
  let priors: number[] = [];
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    priors = [0, 1, 2].map((k) => items.reduce((s, i) => s + T.get(i)![k] / items.length, 0));
    const confusion = new Map(graders.map((g) => [g, [0, 1, 2].map((k) => {
      const row = [0, 1, 2].map((l) => ofGrader.get(g)!.filter((x) => x.label === l).reduce((s, x) => s + T.get(x.item)![k], 0.01));
      const sum = row.reduce((a, b) => a + b, 0);
      return row.map((v) => v / sum);
    })]));
    const next = new Map(items.map((i) => {
      const logs = [0, 1, 2].map((k) => Math.log(Math.max(priors[k], 1e-12)) + ofItem.get(i)!.reduce((s, x) => s + Math.log(confusion.get(x.grader)![k][x.label]), 0));
      const top = Math.max(...logs);
      const z = logs.reduce((s, v) => s + Math.exp(v - top), 0);
      return [i, logs.map((v) => Math.exp(v - top) / z)];
    }));
    const change = Math.max(...items.flatMap((i) => next.get(i)!.map((p, k) => Math.abs(p - T.get(i)![k]))));
    T = next;
    if (change < tolerance) break;
  }
  return { posteriors: T, priors, iterations };
}

/** Labels where plain EM creeps: 7 graders of 40–88% accuracy, each answering about half the items. */
function noisyLabels(seed: number, items: number): Label[] {
  const u = mulberry32(seed);
  const labels: Label[] = [];
  for (let i = 0; i < items; i++) {
    const truth = Math.floor(u() * 3);
    for (let g = 0; g < 7; g++) if (u() < 0.5) labels.push({ item: `i${i}`, grader: `g${g}`, label: u() < 0.4 + g * 0.08 ? truth : Math.floor(u() * 3) });
  }
  return labels;
}

describe("dawidSkene", () => {
  it("gives certain posteriors when every grader agrees", () => {
    const labels: Label[] = [];
    for (let i = 0; i < 6; i++) for (const g of ["a", "b", "c"]) labels.push({ item: `i${i}`, grader: g, label: i % 3 });
    const fit = dawidSkene(labels);
    for (let i = 0; i < 6; i++) {
      const p = fit.posteriors.get(`i${i}`)!;
      expect(p[i % 3]).toBeGreaterThan(0.999);
    }
    expect(fit.priors.map((p) => Number(p.toFixed(6)))).toEqual([0.333333, 0.333333, 0.333333]);
    for (const g of ["a", "b", "c"]) expect(fit.graderAccuracy.get(g)!).toBeGreaterThan(0.99);
  });

  it("follows two reliable graders over three who always say class 0, where majority voting fails", () => {
    // Truth alternates 0 and 2. Majority vote: class 0 everywhere (3 against 2).
    const labels: Label[] = [];
    for (let i = 0; i < 20; i++) {
      const truth = i % 2 ? 2 : 0;
      for (const g of ["r1", "r2"]) labels.push({ item: `i${i}`, grader: g, label: truth });
      for (const g of ["z1", "z2", "z3"]) labels.push({ item: `i${i}`, grader: g, label: 0 });
    }
    const fit = dawidSkene(labels);
    for (let i = 0; i < 20; i++) {
      const p = fit.posteriors.get(`i${i}`)!;
      expect(p.indexOf(Math.max(...p))).toBe(i % 2 ? 2 : 0);
    }
    // Hand-computed at the fixed point: priors 0.5 / 0 / 0.5; a reliable grader is right with
    // probability ~1; an always-0 grader is right exactly when the truth is 0: 0.5.
    expect(fit.priors[0]).toBeCloseTo(0.5, 3);
    expect(fit.priors[2]).toBeCloseTo(0.5, 3);
    expect(fit.graderAccuracy.get("r1")!).toBeGreaterThan(0.99);
    expect(fit.graderAccuracy.get("z1")!).toBeCloseTo(0.5, 2);
  });

  it("reaches the textbook EM's fixed point, in far fewer iterations where plain EM creeps", () => {
    const creeping: { plain: number; accelerated: number }[] = [];
    for (const seed of [5, 6, 7]) {
      const labels = noisyLabels(seed, 50);
      const reference = textbookFit(labels, 1e-12);
      const fit = dawidSkene(labels, { maxIterations: 10_000, tolerance: 1e-12 });
      expect(fit.converged).toBe(true);
      for (const [item, p] of reference.posteriors) for (let k = 0; k < 3; k++) expect(fit.posteriors.get(item)![k]).toBeCloseTo(p[k], 8);
      for (let k = 0; k < 3; k++) expect(fit.priors[k]).toBeCloseTo(reference.priors[k], 8);
      // Iterations to the usual tolerance, where plain EM needs more than a hundred.
      const plain = textbookFit(labels, 1e-5).iterations;
      if (plain > 100) creeping.push({ plain, accelerated: dawidSkene(labels, { maxIterations: 10_000, tolerance: 1e-5 }).iterations });
    }
    expect(creeping.length).toBeGreaterThan(0); // seed 7: 274 plain iterations
    for (const c of creeping) expect(c.accelerated).toBeLessThanOrEqual(c.plain / 3);
  });

  it("reaches the textbook fixed point when an item's labels are too many to multiply without underflow", () => {
    // 720 labels an item from graders barely better than chance (each probability about 1/3): the
    // product of an item's probabilities falls below 1e-308 for every class, so every item is
    // worked out with logarithms.
    const u = mulberry32(11);
    const labels: Label[] = [];
    for (let i = 0; i < 12; i++) {
      const truth = i % 3;
      for (let g = 0; g < 8; g++) for (let r = 0; r < 90; r++) labels.push({ item: `i${i}`, grader: `g${g}`, label: u() < 0.05 + g * 0.02 ? truth : Math.floor(u() * 3) });
    }
    const reference = textbookFit(labels, 1e-12);
    const fit = dawidSkene(labels, { maxIterations: 10_000, tolerance: 1e-12 });
    expect(fit.converged).toBe(true);
    for (const [item, p] of reference.posteriors) for (let k = 0; k < 3; k++) expect(fit.posteriors.get(item)![k]).toBeCloseTo(p[k], 8);
    for (let k = 0; k < 3; k++) expect(fit.priors[k]).toBeCloseTo(reference.priors[k], 8);
  });

  it("says whether it converged, and that it did not when stopped at its limit", () => {
    const labels: Label[] = [];
    for (let i = 0; i < 20; i++) {
      const truth = i % 2 ? 2 : 0;
      for (const g of ["r1", "r2"]) labels.push({ item: `i${i}`, grader: g, label: truth });
      labels.push({ item: `i${i}`, grader: "noisy", label: i % 3 });
    }
    const settled = dawidSkene(labels);
    expect(settled.converged).toBe(true);
    expect(settled.iterations).toBeLessThan(100);
    const cut = dawidSkene(labels, { maxIterations: 1, tolerance: 1e-12 });
    expect(cut).toMatchObject({ converged: false, iterations: 1 });
  });
});
