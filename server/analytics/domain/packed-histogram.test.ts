import { describe, expect, it } from "vitest";
import { packHistogram, packedBits } from "./packed-histogram";

describe("packed histograms", () => {
  it("gives 7 bits a point on the 7-point scale and 10 on the 5-point one, within a double's exact range", () => {
    expect(packedBits(7)).toBe(7);
    expect(packedBits(5)).toBe(10);
    expect(2 ** (packedBits(7) * 7)).toBeLessThanOrEqual(2 ** 53);
  });

  it("gives equal histograms equal keys and others different ones, and refuses counts beyond a field", () => {
    // Three graders: −3, +2, +2 on the 7-point scale (points 0, 5, 5).
    expect(packHistogram([1, 0, 0, 0, 0, 2, 0])).toBe(2 ** 0 + 2 * 2 ** (7 * 5));
    expect(packHistogram([0, 0, 0, 0, 0, 0, 127])).toBe(127 * 2 ** (7 * 6));
    expect(packHistogram([1, 0, 0, 0, 0, 2, 0])).not.toBe(packHistogram([2, 0, 0, 0, 0, 1, 0]));
    // a score histogram read from the middle of a longer array
    expect(packHistogram([9, 9, 3, 0, 0, 0, 1, 9], 5, 2)).toBe(3 + 2 ** (10 * 4));
    expect(packHistogram([128, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(packHistogram([0, 0, 0, 0, 1024], 5)).toBeNull();
  });
});
