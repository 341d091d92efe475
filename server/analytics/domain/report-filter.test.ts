import { describe, expect, it } from "vitest";
import { filterPrompts, filterUnits } from "./report-filter";
import type { PromptAttributes } from "./slices";

const prompts = new Map<string, PromptAttributes>([
  ["p1", { locale: "en-US", region: "Americas", category: "Math", modality: "TEXT" }],
  ["p2", { locale: "ja-JP", region: "Asia-Pacific", category: "Math", modality: "IMAGE" }],
  ["p3", { locale: "ja-JP", region: "Asia-Pacific", category: "Writing", modality: "TEXT" }],
]);
const units = [
  { promptId: "p1", dimension: "overall" }, { promptId: "p2", dimension: "overall" },
  { promptId: "p3", dimension: "overall" }, { promptId: "p3", dimension: "truthfulness" },
];

describe("report filter", () => {
  it("keeps everything when no list is given or lists are empty", () => {
    expect(filterPrompts(prompts, {})).toBe(prompts);
    expect(filterPrompts(prompts, { locales: [], categories: [] }).size).toBe(3);
    expect(filterUnits(units, prompts, { dimensions: [] })).toHaveLength(4);
  });

  it("combines attributes with AND and values of one attribute with OR", () => {
    expect([...filterPrompts(prompts, { locales: ["ja-JP"], categories: ["Math"] }).keys()]).toEqual(["p2"]);
    expect([...filterPrompts(prompts, { categories: ["Math", "Writing"], modalities: ["TEXT"] }).keys()]).toEqual(["p1", "p3"]);
  });

  it("drops units of filtered-out prompts and dimensions", () => {
    const kept = filterPrompts(prompts, { locales: ["ja-JP"] });
    expect(filterUnits(units, kept, { dimensions: ["overall"] })).toEqual([{ promptId: "p2", dimension: "overall" }, { promptId: "p3", dimension: "overall" }]);
  });
});
