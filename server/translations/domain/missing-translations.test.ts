import { describe, expect, it } from "vitest";
import { missingTranslations, type Translations } from "./missing-translations";
import { resolveText } from "./resolve-text";

const none = (): Translations => ({ study: new Map(), dimensions: new Map() });
const study = {
  graderTitle: "Everyday questions", guidelines: "Prefer the more **helpful** answer.",
  dimensions: [
    { key: "overall", label: "Overall", description: "Which would you rather receive?", builtIn: true },
    { key: "tone", label: "Tone", description: "Is the tone right for the request?", builtIn: false },
  ],
};
const catalogue = (language: string, key: string) => key === "overall" && language !== "xx";

describe("grader-facing text in the grader's language", () => {
  it("prefers the researcher's words, then the catalogue's, then English", () => {
    expect(resolveText("ja", "Tone", "トーン", "口調")).toEqual({ text: "トーン", source: "researcher" });
    expect(resolveText("ja", "Tone", "  ", "口調")).toEqual({ text: "口調", source: "catalogue" });
    expect(resolveText("ja", "Tone", null, null)).toEqual({ text: "Tone", source: "english" });
    expect(resolveText("en", "Tone", "トーン", "口調")).toEqual({ text: "Tone", source: "original" });
  });

  it("lists, per language, every text that would fall back to English", () => {
    const missing = missingTranslations(study, ["en", "ja"], none(), catalogue);
    expect(missing.map((m) => [m.language, m.field, m.dimension])).toEqual([
      ["ja", "title", undefined], ["ja", "guidelines", undefined], ["ja", "dimension.label", "tone"], ["ja", "dimension.description", "tone"]]);
  });

  it("drops what the researcher translated, and built-in dimensions the catalogue covers", () => {
    const t = none();
    t.study.set("ja", { title: "日常の質問", guidelines: "" });
    t.dimensions.set("tone", new Map([["ja", { label: "口調", description: "" }]]));
    const missing = missingTranslations(study, ["ja", "ar"], t, catalogue);
    expect(missing.map((m) => `${m.language} ${m.field} ${m.dimension ?? ""}`.trim())).toEqual([
      "ja guidelines", "ja dimension.description tone",
      "ar title", "ar guidelines", "ar dimension.label tone", "ar dimension.description tone"]);
  });

  it("does not ask to translate a neutral title or empty guidelines", () => {
    const missing = missingTranslations({ ...study, graderTitle: "", guidelines: " ", dimensions: [] }, ["de"], none(), catalogue);
    expect(missing).toEqual([]);
  });
});
