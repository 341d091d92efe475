import { describe, expect, it } from "vitest";
import { appliesToSet, defaultOrder, move, scopeNote } from "./dimension-choice";

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
    const everywhere = { appliesToText: true, appliesToImage: true, appliesToAudio: true, forTextResponses: true, forImageResponses: true, forAudioResponses: true };
    const image = { ...everywhere, appliesToText: false, appliesToAudio: false };
    expect(appliesToSet(image, ["TEXT"])).toBe(false);
    expect(appliesToSet(image, ["TEXT", "IMAGE"])).toBe(true);
    expect(appliesToSet(everywhere, ["TEXT"])).toBe(true);
    const voice = { ...everywhere, forTextResponses: false, forImageResponses: false };
    expect(appliesToSet(voice, ["TEXT", "IMAGE", "TEXT_TO_IMAGE"])).toBe(false);
    expect(appliesToSet(voice, ["TEXT_TO_AUDIO"])).toBe(true);
    expect(scopeNote(voice)).toBe("audio responses");
    expect(scopeNote({ ...everywhere, appliesToText: false, appliesToAudio: false, forTextResponses: false, forAudioResponses: false })).toBe("image prompts, image responses");
    expect(scopeNote(everywhere)).toBe("");
  });
});
