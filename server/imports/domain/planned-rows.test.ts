import { describe, expect, it } from "vitest";
import { PlannedRows, type PlannedRow } from "./planned-rows";

const row = (i: number, over: Partial<PlannedRow> = {}): PlannedRow => ({
  line: i + 2, study: i % 3 ? "S" : "T", type: i % 3 ? "side_by_side" : "single_sided", promptId: `p${i % 7}`,
  models: i % 3 ? [`m${i % 4}`, `m${(i % 4) + 1}`] : [`m${i % 5}`], grader: `g${i % 11}`, dimension: `d${i % 2}`, value: (i % 7) - 3, ...over,
});

describe("PlannedRows", () => {
  it("gives back every row as added, past its first capacity", () => {
    const rows = new PlannedRows();
    const n = 5000;
    for (let i = 0; i < n; i++) rows.add(row(i));
    expect(rows.length).toBe(n);
    for (const i of [0, 1, 2, 1023, 1024, 4999]) {
      const { models, ...rest } = rows.row(i);
      const { models: expected, ...want } = row(i);
      expect({ ...rest, models: [...models] }).toEqual({ ...want, models: expected });
    }
  });

  it("keeps a study's type and a single-sided row's one model", () => {
    const rows = new PlannedRows();
    rows.add(row(0));
    rows.add(row(1));
    expect(rows.row(0).type).toBe("single_sided");
    expect(rows.row(0).models).toEqual(["m0"]);
    expect(rows.row(1).type).toBe("side_by_side");
    expect(rows.row(1).models).toEqual(["m1", "m2"]);
  });

  it("refuses a row it does not have", () => {
    const rows = new PlannedRows();
    rows.add(row(1));
    expect(() => rows.row(1)).toThrow(RangeError);
  });
});

describe("PlannedRows.duplicates", () => {
  it("pairs each repeat with the first row of its judgment, whichever order the pair is named in", () => {
    const rows = new PlannedRows();
    const base: PlannedRow = { line: 0, study: "S", type: "side_by_side", promptId: "p1", models: ["A", "B"], grader: "g", dimension: "overall", value: 1 };
    rows.add({ ...base, line: 2 });
    rows.add({ ...base, line: 3, grader: "h" });
    rows.add({ ...base, line: 4, models: ["B", "A"] }); // the same judgment as line 2
    rows.add({ ...base, line: 5, models: ["A", "C"] });
    rows.add({ ...base, line: 6, dimension: "truthfulness" });
    rows.add({ ...base, line: 7, study: "T" });
    rows.add({ ...base, line: 8 }); // line 2 again
    rows.add({ ...base, line: 9, grader: "h", promptId: "p2" });
    expect(rows.duplicates()).toEqual([[2, 0], [6, 0]]);
  });

  it("finds none among distinct rows, and the repeats of a single-sided score", () => {
    const rows = new PlannedRows();
    for (let i = 0; i < 3000; i++) rows.add(row(i, { grader: `g${i}` }));
    expect(rows.duplicates()).toEqual([]);
    const single = new PlannedRows();
    const r: PlannedRow = { line: 2, study: "S", type: "single_sided", promptId: "p", models: ["A"], grader: "g", dimension: "d", value: 3 };
    single.add(r);
    single.add({ ...r, line: 3, models: ["B"] });
    single.add({ ...r, line: 4, value: 5 });
    expect(single.duplicates()).toEqual([[2, 0]]);
  });
});

describe("PlannedRows by numbers", () => {
  it("gives each row's strings as numbers, numbered per kind in the order first seen", () => {
    const rows = new PlannedRows();
    for (let i = 0; i < 40; i++) rows.add(row(i));
    for (const i of [0, 1, 2, 17, 39]) {
      const c = { ...rows.codes(i) };
      const r = row(i);
      expect(rows.valueOf("study", c.study)).toBe(r.study);
      expect(rows.valueOf("prompt", c.prompt)).toBe(r.promptId);
      expect(rows.valueOf("model", c.modelA)).toBe(r.models[0]);
      expect(c.modelB < 0 ? null : rows.valueOf("model", c.modelB)).toBe(r.models[1] ?? null);
      expect(rows.valueOf("grader", c.grader)).toBe(r.grader);
      expect(rows.valueOf("dimension", c.dimension)).toBe(r.dimension);
      expect(c.value).toBe(r.value);
    }
    expect(rows.count("prompt")).toBe(7);
    expect(rows.count("grader")).toBe(11);
    expect(rows.numberOf("grader", "g3")).toBe(3);
    expect(rows.numberOf("grader", "nobody")).toBeUndefined();
    expect(() => rows.codes(40)).toThrow(RangeError);
  });
});

describe("PlannedRows.release", () => {
  it("keeps the count and the numbered strings, and refuses the rows themselves afterwards", () => {
    const rows = new PlannedRows();
    for (let i = 0; i < 40; i++) rows.add(row(i));
    rows.release();
    expect(rows.length).toBe(40);
    expect(rows.count("grader")).toBe(11);
    expect(rows.valueOf("prompt", 3)).toBe("p3");
    expect(rows.numberOf("grader", "g3")).toBe(3);
    expect(() => rows.codes(0)).toThrow(/released/);
    expect(() => rows.row(0)).toThrow(/released/);
    expect(() => rows.add(row(40))).toThrow(/released/);
  });
});
