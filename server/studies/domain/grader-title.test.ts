import { describe, expect, it } from "vitest";
import { graderFacingTitle, modelNamesIn } from "./grader-title";

describe("what graders see of a study's name", () => {
  it("the grader-facing title, or a neutral one for the study's type — never the internal name", () => {
    expect(graderFacingTitle({ graderTitle: "Everyday questions", type: "SIDE_BY_SIDE" })).toBe("Everyday questions");
    expect(graderFacingTitle({ graderTitle: "  ", type: "SIDE_BY_SIDE" })).toBe("Compare two responses");
    expect(graderFacingTitle({ graderTitle: "", type: "SINGLE_SIDED" })).toBe("Rate one response");
  });
  it("finds model names in grader-facing text, whatever their case", () => {
    expect(modelNamesIn(["Compare LUMEN server 2026 answers", "Be fair."], ["Lumen Server 2026", "Lumen Server 2025"])).toEqual(["Lumen Server 2026"]);
    expect(modelNamesIn(["Everyday questions"], ["Lumen Server 2026"])).toEqual([]);
  });
});
