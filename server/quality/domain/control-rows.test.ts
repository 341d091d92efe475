import { describe, expect, it } from "vitest";
import { parseControlRow, unknownColumns, type ControlContext } from "./control-rows";

const sxs: ControlContext = { type: "SIDE_BY_SIDE", dimensions: [{ key: "overall", scaleMin: -3, scaleMax: 3 }, { key: "truthfulness", scaleMin: -3, scaleMax: 3 }] };
const single: ControlContext = { type: "SINGLE_SIDED", dimensions: [{ key: "overall", scaleMin: 1, scaleMax: 5 }] };

describe("parseControlRow", () => {
  it("reads a side-by-side gold row; empty dimension cells are unchecked", () => {
    const { row, problems } = parseControlRow({ prompt_id: "p-1", overall: "Candidate", truthfulness: "", explanation: "B invents a date." }, 2, sxs);
    expect(problems).toEqual([]);
    expect(row).toEqual({ line: 2, promptId: "p-1", model: null, kind: "GOLD", explanation: "B invents a date.",
      expectations: [{ dimension: "overall", verdict: "CANDIDATE", scoreMin: null, scoreMax: null }] });
  });

  it("reads kinds and verdict aliases", () => {
    const { row } = parseControlRow({ prompt_id: "p", kind: "attention", overall: "tie", truthfulness: "b", explanation: "x" }, 3, sxs);
    expect(row!.kind).toBe("ATTENTION");
    expect(row!.expectations.map((e) => e.verdict)).toEqual(["SAME", "BASELINE"]);
  });

  it("reads single-sided score ranges and single scores", () => {
    expect(parseControlRow({ prompt_id: "p", model: "m", overall: "4-5", explanation: "x" }, 2, single).row!.expectations)
      .toEqual([{ dimension: "overall", verdict: null, scoreMin: 4, scoreMax: 5 }]);
    expect(parseControlRow({ prompt_id: "p", model: "m", overall: "2", explanation: "x" }, 2, single).row!.expectations[0]).toMatchObject({ scoreMin: 2, scoreMax: 2 });
  });

  it("names the line and field of every problem", () => {
    const { row, problems } = parseControlRow({ prompt_id: "", kind: "golden", overall: "left", truthfulness: "same" }, 7, sxs);
    expect(row).toBeNull();
    expect(problems).toEqual([
      { line: 7, field: "prompt_id", message: "is missing" },
      { line: 7, field: "kind", message: 'must be one of gold, attention, qualification, got "golden"' },
      { line: 7, field: "explanation", message: "is missing" },
      { line: 7, field: "overall", message: 'must be candidate, baseline or same, got "left"' },
    ]);
  });

  it("refuses ranges outside the scale, reversed ranges, a missing model and rows with no expectation", () => {
    expect(parseControlRow({ prompt_id: "p", model: "m", overall: "5-4", explanation: "x" }, 2, single).problems[0].message).toMatch(/within 1-5/);
    expect(parseControlRow({ prompt_id: "p", model: "m", overall: "0-2", explanation: "x" }, 2, single).problems[0].message).toMatch(/within 1-5/);
    expect(parseControlRow({ prompt_id: "p", overall: "4", explanation: "x" }, 2, single).problems[0].field).toBe("model");
    expect(parseControlRow({ prompt_id: "p", explanation: "x" }, 2, sxs).problems[0].message).toMatch(/no expected answer/);
  });

  it("names unknown columns with the ones the study accepts", () => {
    expect(unknownColumns({ prompt_id: "p", overal: "a" }, sxs, 1)).toEqual([{ line: 1, field: "overal",
      message: "is not a column of a control-item file; use prompt_id, model, kind, explanation and this study's dimension keys (overall, truthfulness)" }]);
  });
});
