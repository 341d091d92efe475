import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../analytics/domain/seeded-random";
import { labelsByDimension } from "./labels-by-dimension";
import { VERDICT_CODE_BASE, joinVerdictLabelColumns, verdictLabelColumns } from "./verdict-lists";

/** A label as the SQL writes it: the grader's id, then the character of base + dimension × 3 + verdict. */
const label = (grader: string, dimension: number, verdict: number) => grader + String.fromCharCode(VERDICT_CODE_BASE + dimension * 3 + verdict);

describe("verdictLabelColumns", () => {
  it("reads each item's list into label columns, graders coded in order of first appearance", () => {
    const rows = [
      [3, [label("gA", 0, 2), label("gB", 0, 1), label("gA", 1, 0)].join(",")],
      [2, [label("gC", 1, 2), label("gB", 0, 0)].join(",")],
    ];
    const c = verdictLabelColumns(rows, 2);
    expect(c.items).toBe(2);
    expect(c.graders).toEqual(["gA", "gB", "gC"]);
    expect(Array.from(c.item)).toEqual([0, 0, 0, 1, 1]);
    expect(Array.from(c.grader)).toEqual([0, 1, 0, 2, 1]);
    expect(Array.from(c.dimension)).toEqual([0, 0, 1, 1, 0]);
    expect(Array.from(c.label)).toEqual([2, 1, 0, 2, 0]);
  });

  it("refuses a list whose labels do not match its count (an id holding the separator)", () => {
    expect(() => verdictLabelColumns([[2, [label("g,A", 0, 2), label("gB", 0, 1)].join(",")]], 1)).toThrow(/not a grader id and a verdict code|expected 2 labels/);
    expect(() => verdictLabelColumns([[3, [label("gA", 0, 2), label("gB", 0, 1)].join(",")]], 1)).toThrow(/expected 3 labels, got 2/);
    expect(() => verdictLabelColumns([[1, [label("gA", 0, 2), label("gB", 0, 1)].join(",")]], 1)).toThrow(/expected 1 labels, got 2/);
  });

  it("refuses a code outside the dimensions asked for", () => {
    expect(() => verdictLabelColumns([[1, label("gA", 2, 0)]], 2)).toThrow(/not a grader id and a verdict code/);
    expect(() => verdictLabelColumns([[1, "gA"]], 2)).toThrow(/not a grader id and a verdict code/);
  });
});

describe("joinVerdictLabelColumns", () => {
  it("numbers the later parts' items on and codes each grader once across parts", () => {
    const a = verdictLabelColumns([[2, [label("gA", 0, 2), label("gB", 0, 1)].join(",")]], 1);
    const b = verdictLabelColumns([[1, label("gB", 0, 0)], [2, [label("gC", 0, 2), label("gA", 0, 1)].join(",")]], 1);
    const j = joinVerdictLabelColumns([a, b]);
    expect(j.items).toBe(3);
    expect(j.graders).toEqual(["gA", "gB", "gC"]);
    expect(Array.from(j.item)).toEqual([0, 0, 1, 2, 2]);
    expect(Array.from(j.grader)).toEqual([0, 1, 1, 2, 0]);
    expect(Array.from(j.label)).toEqual([2, 1, 0, 2, 1]);
  });

  it("gives, split by dimension, the labels a read of one row per label gives", () => {
    // The same random labels as rows (item, dimension, grader, verdict) in item order, and as lists
    // in two ranges of items: labelsByDimension must see the same labels in the same order.
    const u = mulberry32(7);
    const rows: [number, number, number, number][] = [];
    for (let i = 0; i < 300; i++) for (let d = 0; d < 3; d++) for (let k = 0; k < 1 + Math.floor(u() * 3); k++) rows.push([i, d, Math.floor(u() * 12), Math.floor(u() * 3)]);
    const perRow = labelsByDimension(Int32Array.from(rows, (r) => r[1]), Int32Array.from(rows, (r) => r[0]), Int32Array.from(rows, (r) => r[2]), Int32Array.from(rows, (r) => r[3]));
    const listsOf = (from: number, to: number) => {
      const out: unknown[][] = [];
      for (let i = from; i < to; i++) {
        const own = rows.filter((r) => r[0] === i);
        if (own.length) out.push([own.length, own.map((r) => label(`grader-${r[2]}`, r[1], r[3])).join(",")]);
      }
      return verdictLabelColumns(out, 3);
    };
    const j = joinVerdictLabelColumns([listsOf(0, 137), listsOf(137, 300)]);
    expect(labelsByDimension(j.dimension, j.item, j.grader, j.label)).toEqual(perRow);
  });
});
