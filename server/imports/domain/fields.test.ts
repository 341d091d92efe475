import { describe, expect, it } from "vitest";
import { parseJudgmentRow } from "./judgment-row";
import { parseMaterialRow } from "./material-row";

describe("cells of the wrong type (JSON Lines)", () => {
  // Found by the property-based test: an object that cannot even be turned into a string.
  it("refuses an object or list where text belongs, naming the field once, instead of crashing", () => {
    const { row, problems } = parseMaterialRow({ prompt_id: { toString: false }, prompt: ["a"], locale: "en-US", category: "Math", modality: "text", model: "A", response: "r" }, 7);
    expect(row).toBeNull();
    expect(problems).toEqual(expect.arrayContaining([
      { line: 7, field: "prompt_id", message: "must be text or a number, got a JSON object" },
      { line: 7, field: "prompt", message: "must be text or a number, got a list" },
    ]));
    expect(problems.filter((p) => p.field === "prompt_id")).toHaveLength(1);
  });

  it("still reads numbers and booleans as their text", () => {
    const { row } = parseJudgmentRow({ study: "S", type: "side_by_side", prompt_id: 12, locale: "en-US", category: "Math", modality: "text", grader: "g",
      dimension: "overall", model_a: "A", model_b: "B", preference: 2 }, 3);
    expect(row).toMatchObject({ promptId: "12", value: 2 });
  });
});
