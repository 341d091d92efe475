import { describe, expect, it } from "vitest";
import { emptyDraft, parseDraft } from "./task-draft";

describe("task drafts", () => {
  it("restores a saved draft", () => {
    const saved = { values: { overall: 2, truthfulness: -1 }, comment: "hm", cannotAssess: false, harmful: true, startedAt: 100 };
    expect(parseDraft(JSON.stringify(saved), ["overall", "truthfulness"], 500)).toEqual(saved);
  });

  it("drops values of other dimensions and malformed fields", () => {
    const raw = JSON.stringify({ values: { overall: 1.5, gone: 2, presentation: 3 }, comment: 4, startedAt: 9999 });
    expect(parseDraft(raw, ["overall", "presentation"], 500)).toEqual({ values: { presentation: 3 }, comment: "", cannotAssess: false, harmful: false, startedAt: 500 });
  });

  it("starts fresh on nothing or garbage", () => {
    expect(parseDraft(null, ["overall"], 7)).toEqual(emptyDraft(7));
    expect(parseDraft("{not json", ["overall"], 7)).toEqual(emptyDraft(7));
  });
});
