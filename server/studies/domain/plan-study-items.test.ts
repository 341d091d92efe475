import { describe, expect, it } from "vitest";
import { planStudyItems, type PromptWithResponses } from "./plan-study-items";

const prompt = (id: string, localeCode: string, category: string, modality: "TEXT" | "IMAGE", models: string[]): PromptWithResponses => ({
  id, localeCode, category, modality, responses: models.map((m) => ({ id: `${id}-${m}`, modelId: m })),
});

const prompts = [
  prompt("p1", "en-US", "Math", "TEXT", ["A", "B", "C"]),
  prompt("p2", "ja-JP", "Writing", "TEXT", ["A", "B"]),
  prompt("p3", "en-US", "Math", "IMAGE", ["A"]),
  prompt("p4", "de-DE", "Math", "TEXT", ["B", "C"]),
];

describe("planStudyItems", () => {
  it("side-by-side: one item per prompt answered by both candidate and baseline", () => {
    const plan = planStudyItems(prompts, { type: "SIDE_BY_SIDE", modelIds: ["A", "B"] }, {});
    expect(plan.items).toEqual([
      { promptId: "p1", localeCode: "en-US", responseId: "p1-A", baselineResponseId: "p1-B" },
      { promptId: "p2", localeCode: "ja-JP", responseId: "p2-A", baselineResponseId: "p2-B" },
    ]);
    expect(plan.missingResponses).toBe(2);
    expect(plan.filteredOut).toBe(0);
  });

  it("keeps candidate as responseId whatever order responses come in", () => {
    const plan = planStudyItems(prompts, { type: "SIDE_BY_SIDE", modelIds: ["B", "A"] }, {});
    expect(plan.items[0]).toMatchObject({ responseId: "p1-B", baselineResponseId: "p1-A" });
  });

  it("single-sided: one item per prompt and model that has a response", () => {
    const plan = planStudyItems(prompts, { type: "SINGLE_SIDED", modelIds: ["B", "C"] }, {});
    expect(plan.items.map((i) => i.responseId)).toEqual(["p1-B", "p1-C", "p2-B", "p4-B", "p4-C"]);
    expect(plan.items.every((i) => i.baselineResponseId === null)).toBe(true);
    expect(plan.missingResponses).toBe(2); // p2 lacks C, p3 lacks both
  });

  it("applies locale, category and modality filters before anything else", () => {
    const plan = planStudyItems(prompts, { type: "SINGLE_SIDED", modelIds: ["A"] }, { locales: ["en-US"], categories: ["Math"], modalities: ["IMAGE"] });
    expect(plan.items.map((i) => i.promptId)).toEqual(["p3"]);
    expect(plan.filteredOut).toBe(3);
  });

  it("treats empty filter lists as no filter", () => {
    expect(planStudyItems(prompts, { type: "SINGLE_SIDED", modelIds: ["A"] }, { locales: [] }).items).toHaveLength(3);
  });
});
