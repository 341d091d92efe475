import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../analytics/domain/seeded-random";
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

  it("all pairs: one item per pair of models that answered, model A the one named first", () => {
    const plan = planStudyItems(prompts, { type: "SIDE_BY_SIDE", modelIds: ["C", "A", "B"], pairing: "all_pairs" }, {});
    expect(plan.items.map((i) => `${i.promptId}:${i.responseId}/${i.baselineResponseId}`)).toEqual([
      "p1:p1-C/p1-A", "p1:p1-C/p1-B", "p1:p1-A/p1-B", "p2:p2-A/p2-B", "p4:p4-C/p4-B",
    ]);
    expect(plan.missingResponses).toBe(3); // p2, p3 and p4 each lack a model; p3 has no pair at all
  });

  it("balanced random: one pair per prompt, each pair equally often within a locale and category, the same for a seed", () => {
    const many: PromptWithResponses[] = [];
    for (let i = 0; i < 240; i++) many.push(prompt(`q${i}`, i % 2 ? "en-US" : "ja-JP", i % 3 ? "Math" : "Writing", "TEXT", ["A", "B", "C", "D"]));
    const def = { type: "SIDE_BY_SIDE" as const, modelIds: ["A", "B", "C", "D"], pairing: "balanced_random" as const };
    const plan = planStudyItems(many, { ...def, rng: mulberry32(42) }, {});
    expect(plan.items).toHaveLength(240);
    const counts = new Map<string, number>();
    for (const it of plan.items) {
      const p = many.find((q) => q.id === it.promptId)!;
      const k = `${p.localeCode}|${p.category}|${it.responseId.split("-")[1]}${it.baselineResponseId!.split("-")[1]}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    // 4 strata of 40 or 80 prompts, 6 pairs: every pair within one of its stratum's fair share.
    for (const [k, n] of counts) {
      const stratumSize = many.filter((q) => `${q.localeCode}|${q.category}` === k.split("|").slice(0, 2).join("|")).length;
      expect(Math.abs(n - stratumSize / 6)).toBeLessThanOrEqual(1);
    }
    expect(counts.size).toBe(24);
    expect(planStudyItems(many, { ...def, rng: mulberry32(42) }, {}).items).toEqual(plan.items);
    expect(planStudyItems(many, { ...def, rng: mulberry32(43) }, {}).items).not.toEqual(plan.items);
  });
});
