import { describe, expect, it } from "vitest";
import { dawidSkene, type Label } from "./dawid-skene";

describe("dawidSkene", () => {
  it("gives certain posteriors when every grader agrees", () => {
    const labels: Label[] = [];
    for (let i = 0; i < 6; i++) for (const g of ["a", "b", "c"]) labels.push({ item: `i${i}`, grader: g, label: i % 3 });
    const fit = dawidSkene(labels, 3);
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
    const fit = dawidSkene(labels, 3);
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

  it("says whether it converged, and that it did not when stopped at its limit", () => {
    const labels: Label[] = [];
    for (let i = 0; i < 20; i++) {
      const truth = i % 2 ? 2 : 0;
      for (const g of ["r1", "r2"]) labels.push({ item: `i${i}`, grader: g, label: truth });
      labels.push({ item: `i${i}`, grader: "noisy", label: i % 3 });
    }
    const settled = dawidSkene(labels, 3);
    expect(settled.converged).toBe(true);
    expect(settled.iterations).toBeLessThan(100);
    const cut = dawidSkene(labels, 3, { maxIterations: 1, tolerance: 1e-12 });
    expect(cut).toMatchObject({ converged: false, iterations: 1 });
  });
});
