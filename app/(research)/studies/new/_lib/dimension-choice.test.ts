import { describe, expect, it } from "vitest";
import { appliesToSet, defaultOrder, move } from "./dimension-choice";

describe("dimension choice in the new-study form", () => {
  it("puts Overall first and the built-ins in their usual order, not alphabetically", () => {
    expect(defaultOrder(["image_understanding", "instruction_following", "overall", "presentation", "truthfulness"]))
      .toEqual(["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"]);
    expect(defaultOrder(["helpfulness", "truthfulness", "overall"])).toEqual(["overall", "truthfulness", "helpfulness"]);
  });
  it("moves a dimension up or down, and not past either end", () => {
    expect(move(["a", "b", "c"], "c", -1)).toEqual(["a", "c", "b"]);
    expect(move(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(move(["a", "b", "c"], "a", 1)).toEqual(["b", "a", "c"]);
  });
  it("offers a dimension only when it applies to some prompt of the chosen modalities", () => {
    const image = { appliesToText: false, appliesToImage: true };
    expect(appliesToSet(image, ["TEXT"])).toBe(false);
    expect(appliesToSet(image, ["TEXT", "IMAGE"])).toBe(true);
    expect(appliesToSet({ appliesToText: true, appliesToImage: true }, ["TEXT"])).toBe(true);
  });
});
