import { describe, expect, it } from "vitest";
import { studyDefinitionFrom } from "./study-file";

const known = { models: new Map([["New", "m1"], ["Old", "m2"]]), promptSets: new Map([["Set A", "p1"]]) };

describe("study file", () => {
  it("resolves models and the prompt set by name, and passes the rest through", () => {
    expect(studyDefinitionFrom({ name: "S", type: "SIDE_BY_SIDE", models: ["New", "Old"], promptSet: "Set A", dimensions: ["overall"], redundancy: 3 }, known))
      .toEqual({ ok: true, definition: { name: "S", type: "SIDE_BY_SIDE", modelIds: ["m1", "m2"], promptSetId: "p1", dimensionKeys: ["overall"], redundancy: 3 } });
    expect(studyDefinitionFrom({ name: "S", modelIds: ["x"], promptSetId: "y" }, known)).toEqual({ ok: true, definition: { name: "S", modelIds: ["x"], promptSetId: "y" } });
  });

  it("names every problem: unknown names, wrong shapes, missing parts", () => {
    expect(studyDefinitionFrom({ models: ["New", "Nope"], promptSet: "Set B" }, known)).toEqual({ ok: false, problems: [
      'models: no model named "Nope" (known: New, Old)', 'promptSet: no prompt set named "Set B" (known: Set A)'] });
    expect(studyDefinitionFrom([1], known)).toEqual({ ok: false, problems: ["the file must hold one JSON object"] });
    expect(studyDefinitionFrom({ models: "New" }, known)).toMatchObject({ ok: false, problems: ["models: must be a list of model names", "promptSet: name the prompt set"] });
  });
});
