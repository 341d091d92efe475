import { describe, expect, it } from "vitest";
import { ratableCore, comparisonComponents } from "./battle-graph";
import { expectedWin, fitBradleyTerry } from "./bradley-terry";
import { PairTotals } from "./pair-totals";
import { REFERENCE_ITEMS } from "./reference-battles.fixture";


function totals(m: number, items: [number, number, number, number, number][]): PairTotals {
  const t = new PairTotals(m);
  for (const [, a, b, w, n] of items) t.add(a, b, w, n);
  return t;
}

describe("Bradley–Terry maximum likelihood on the Elo scale", () => {
  it("two models, worked by hand: 3 wins in 4 means 10^(ΔR/400) = 3, ratings 1000 ± 200·log10 3", () => {
    const t = new PairTotals(2);
    t.add(0, 1, 3, 4);
    const fit = fitBradleyTerry(t, [0, 1]);
    const half = 200 * Math.log10(3);
    expect(fit.ratings[0]).toBeCloseTo(1000 + half, 9);
    expect(fit.ratings[1]).toBeCloseTo(1000 - half, 9);
    expect(expectedWin(fit.ratings[0], fit.ratings[1])).toBeCloseTo(0.75, 12);
    expect(fit.converged).toBe(true);
  });

  it("a tie is half a win for each: 2 wins and 2 ties out of 4 rate as 3 wins in 4", () => {
    const t = new PairTotals(2);
    t.add(1, 0, 0 + 2 * 0.5, 2); // b = model 0 wins nothing outright here; the two ties give a half each
    t.add(0, 1, 2, 2);
    const fit = fitBradleyTerry(t, [0, 1]);
    expect(fit.ratings[0] - fit.ratings[1]).toBeCloseTo(400 * Math.log10(3), 9);
  });

  it("matches an independent fit (SciPy BFGS on the same likelihood) on four models", () => {
    const fit = fitBradleyTerry(totals(4, REFERENCE_ITEMS), [0, 1, 2, 3]);
    const reference = [1122.4503911253025, 951.3342774964718, 979.1631931441857, 947.05213823404];
    reference.forEach((r, i) => expect(fit.ratings[i]).toBeCloseTo(r, 4));
    expect(fit.ratings.reduce((s, r) => s + r, 0) / 4).toBeCloseTo(1000, 9);
  });

  it("a warm start reaches the same maximum in fewer steps", () => {
    const t = totals(4, REFERENCE_ITEMS);
    const cold = fitBradleyTerry(t, [0, 1, 2, 3]);
    const warm = fitBradleyTerry(t, [0, 1, 2, 3], Array.from(cold.ratings, (r, i) => r + (i === 0 ? 0.5 : -0.2)));
    warm.ratings.forEach((r, i) => expect(r).toBeCloseTo(cold.ratings[i], 8));
    expect(warm.iterations).toBeLessThan(cold.iterations);
  });

  it("the gradient vanishes at the fit: each model's expected wins equal its observed wins", () => {
    const t = totals(4, REFERENCE_ITEMS);
    const fit = fitBradleyTerry(t, [0, 1, 2, 3]);
    for (let i = 0; i < 4; i++) {
      let observed = 0, expected = 0;
      for (let j = 0; j < 4; j++) {
        if (i === j) continue;
        observed += t.winsOf(i, j);
        expected += t.battlesOf(i, j) * expectedWin(fit.ratings[i], fit.ratings[j]);
      }
      expect(expected).toBeCloseTo(observed, 8);
    }
  });
});

describe("which models a fit can rate", () => {
  it("a model that never loses is unbounded above; one that never wins, below", () => {
    const t = new PairTotals(4);
    t.add(0, 1, 3, 3); // 0 beats everyone it met
    t.add(0, 2, 2, 2);
    t.add(1, 2, 1, 2);
    t.add(2, 3, 2, 2); // 3 never wins
    t.add(1, 3, 1, 1);
    expect(ratableCore(t, [0, 1, 2, 3])).toEqual({ core: [1, 2], above: [0], below: [3], incomparable: [] });
  });

  it("a tie is an edge both ways: a model that only tied its losses away is rated", () => {
    const t = new PairTotals(2);
    t.add(0, 1, 2.5, 3); // two wins and one tie
    expect(ratableCore(t, [0, 1])).toEqual({ core: [0, 1], above: [], below: [], incomparable: [] });
  });

  it("finds the components of a comparison graph that is not connected", () => {
    const t = new PairTotals(5);
    t.add(0, 1, 1, 2);
    t.add(2, 3, 1, 2);
    t.add(3, 4, 1, 2);
    expect(comparisonComponents(t, [true, true, true, true, true])).toEqual([[2, 3, 4], [0, 1]]);
  });
});
