import { describe, expect, it } from "vitest";
import { packHistogram, packedBits, unpackHistogram } from "./packed-histogram";

describe("packed histograms", () => {
  it("gives 7 bits a point on the 7-point scale and 10 on the 5-point one, within a double's exact range", () => {
    expect(packedBits(7)).toBe(7);
    expect(packedBits(5)).toBe(10);
    expect(2 ** (packedBits(7) * 7)).toBeLessThanOrEqual(2 ** 53);
  });

  it("decodes what a SUM of 2^(bits · point) per judgment makes", () => {
    // Three graders: −3, +2, +2 on the 7-point scale (points 0, 5, 5).
    const summed = 2 ** 0 + 2 * 2 ** (7 * 5);
    const h = new Array<number>(7);
    expect(unpackHistogram(summed, 7, h)).toBe(3);
    expect(h).toEqual([1, 0, 0, 0, 0, 2, 0]);
    expect(packHistogram(h)).toBe(summed);
    const top = [0, 0, 0, 0, 0, 0, 127];
    expect(unpackHistogram(packHistogram(top)!, 7, h)).toBe(127);
    expect(h).toEqual(top);
  });

  it("betrays a carry by its total, and refuses values beyond the fields", () => {
    const h = new Array<number>(7);
    // 128 judgments at point 0 carry into point 1: the total reads 1, not 128.
    expect(unpackHistogram(128, 7, h)).toBe(1);
    expect(unpackHistogram(2 ** 49, 7, h)).toBe(-1); // point 6 overflowed the top field
    expect(unpackHistogram(-1, 7, h)).toBe(-1);
    expect(unpackHistogram(0.5, 7, h)).toBe(-1);
    expect(packHistogram([128, 0, 0, 0, 0, 0, 0])).toBeNull();
  });
});
