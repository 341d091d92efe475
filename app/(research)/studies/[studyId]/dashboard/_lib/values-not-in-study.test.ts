import { describe, expect, it } from "vitest";
import { anyNotInStudy, valuesNotInStudy } from "./values-not-in-study";

const study = {
  dimensions: [{ key: "overall" }, { key: "truthfulness" }],
  locales: [{ value: "en-US" }, { value: "ja-JP" }],
  categories: [{ value: "Math" }],
  modalities: [{ value: "TEXT" }],
};

describe("filter values a study does not have", () => {
  it("names each unknown value under its filter and keeps the known ones out", () => {
    const v = valuesNotInStudy({ dimensions: ["nonsense", "overall"], locales: ["xx-XX", "en-US", "de-DE"], categories: ["Math"], modalities: ["AUDIO", "TEXT"] }, study);
    expect(v).toEqual({ dimensions: ["nonsense"], locales: ["xx-XX", "de-DE"], categories: [], modalities: ["AUDIO"] });
    expect(anyNotInStudy(v)).toBe(true);
  });

  it("finds nothing in an empty filter or one of known values", () => {
    expect(anyNotInStudy(valuesNotInStudy({}, study))).toBe(false);
    expect(anyNotInStudy(valuesNotInStudy({ locales: ["ja-JP"], dimensions: ["truthfulness"], modalities: ["TEXT"] }, study))).toBe(false);
  });

  it("compares exactly: a value differing only in case is not the study's", () => {
    expect(valuesNotInStudy({ locales: ["EN-us"], categories: ["math"] }, study)).toEqual({ dimensions: [], locales: ["EN-us"], categories: ["math"], modalities: [] });
  });
});
