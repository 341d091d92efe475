import { describe, expect, it } from "vitest";
import { quantile } from "./bootstrap";
import { mulberry32 } from "./seeded-random";
import { selectedQuantiles } from "./selected-quantile";

const sortedQuantiles = (values: number[], qs: number[]) => {
  const sorted = Float64Array.from(values).sort();
  return qs.map((q) => quantile(sorted, q));
};

describe("selectedQuantiles", () => {
  it("equals the sorted list's type-7 quantiles exactly, ties and small lists included", () => {
    const u = mulberry32(42);
    const qs = [0.025, 0.975];
    for (let trial = 0; trial < 400; trial++) {
      const n = trial < 40 ? 1 + trial : 2000;
      // Continuous values, a handful of distinct values (bootstrap statistics of few prompts), and negatives.
      const kind = trial % 3;
      const values = Array.from({ length: n }, () => (kind === 0 ? u() : kind === 1 ? Math.round(u() * 6) / 3 : (u() - 0.5) * 1e6));
      expect(selectedQuantiles(values, qs), `trial ${trial}`).toEqual(sortedQuantiles(values, qs));
    }
  });

  it("handles the ends of the scale and leaves its input alone", () => {
    const values = [5, 1, 4, 1, 3];
    expect(selectedQuantiles(values, [0, 0.5, 1])).toEqual([1, 3, 5]);
    expect(values).toEqual([5, 1, 4, 1, 3]);
    expect(selectedQuantiles([7], [0.025, 0.975])).toEqual([7, 7]);
    expect(selectedQuantiles([], [0.5])).toEqual([NaN]);
  });
});
