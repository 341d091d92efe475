import { describe, expect, it } from "vitest";
import { labelsByDimension } from "./labels-by-dimension";

describe("labelsByDimension", () => {
  it("splits rows by dimension, numbering each dimension's items and graders in order of first appearance", () => {
    // rows: (dimension, item, grader, label) as read codes
    const rows = [
      [0, 5, 2, 1],
      [1, 5, 2, 0],
      [0, 5, 7, 2],
      [1, 9, 7, 2],
      [0, 3, 7, 0],
      [1, 5, 9, 1],
    ];
    const col = (c: number) => Int32Array.from(rows, (r) => r[c]);
    const split = labelsByDimension(col(0), col(1), col(2), col(3));
    expect([...split.keys()]).toEqual([0, 1]);
    // dimension 0: items 5, 5, 3 → 0, 0, 1; graders 2, 7, 7 → 0, 1, 1
    expect(split.get(0)).toEqual({ items: 2, graders: 2, item: Int32Array.of(0, 0, 1), grader: Int32Array.of(0, 1, 1), label: Int32Array.of(1, 2, 0) });
    // dimension 1: items 5, 9, 5 → 0, 1, 0; graders 2, 7, 9 → 0, 1, 2
    expect(split.get(1)).toEqual({ items: 2, graders: 3, item: Int32Array.of(0, 1, 0), grader: Int32Array.of(0, 1, 2), label: Int32Array.of(0, 2, 1) });
  });

  it("gives nothing for no rows", () => {
    expect(labelsByDimension(new Int32Array(0), new Int32Array(0), new Int32Array(0), new Int32Array(0)).size).toBe(0);
  });
});
