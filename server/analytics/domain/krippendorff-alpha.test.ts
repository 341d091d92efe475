import { describe, expect, it } from "vitest";
import { AlphaAccumulator, krippendorffAlpha } from "./krippendorff-alpha";

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers,
// twelve units, values 1..5, with missing data. Published results: nominal 0.743, interval 0.849.
const A = [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null];
const B = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3];
const C = [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null];
const D = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null];
const units = A.map((_, i) => [A[i], B[i], C[i], D[i]].filter((v): v is number => v !== null));

describe("Krippendorff's alpha", () => {
  it("reproduces the published worked example", () => {
    expect(krippendorffAlpha(units, "nominal")!).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(units, "interval")!).toBeCloseTo(0.849, 3);
  });

  it("matches a hand computation on a tiny case", () => {
    // Units [1,1] and [1,3]: n = 4 values; D_o = (0 + 2·4/1)/4 = 2; values {1,1,1,3}: D_e = 2·3·4/(4·3) = 2 → alpha 0.
    expect(krippendorffAlpha([[1, 1], [1, 3]])).toBeCloseTo(0, 12);
    // Perfect agreement on differing units: alpha 1.
    expect(krippendorffAlpha([[1, 1], [3, 3], [2, 2, 2]])).toBe(1);
  });

  it("ignores units with one value and is undefined without variation or pairs", () => {
    const acc = new AlphaAccumulator();
    acc.addValues([2]);
    expect(acc.units).toBe(0);
    expect(acc.result()).toBeNull();
    expect(krippendorffAlpha([[2, 2], [2, 2]])).toBeNull();
  });
});
