import { describe, expect, it } from "vitest";
import { BUILTIN_DIMENSIONS } from "../builtin-dimensions";
import { MODALITIES, dimensionApplies, modalityLabel, modalityOf, parseModality, promptKind, responseKind } from "./modality";

const dim = (key: string) => BUILTIN_DIMENSIONS.find((d) => d.key === key)!;
const askedOn = (m: (typeof MODALITIES)[number]) => BUILTIN_DIMENSIONS.filter((d) => dimensionApplies(d, m)).map((d) => d.key);

describe("modality", () => {
  it("labels each combination, keeping the old names for text responses", () => {
    expect(MODALITIES.map(modalityLabel)).toEqual(["text", "image", "audio", "text→image", "image→image", "audio→image", "text→audio", "image→audio", "audio→audio"]);
  });

  it("splits into prompt and response kinds and back", () => {
    for (const m of MODALITIES) expect(modalityOf(promptKind(m), responseKind(m))).toBe(m);
    expect(promptKind("IMAGE_TO_AUDIO")).toBe("IMAGE");
    expect(responseKind("IMAGE_TO_AUDIO")).toBe("AUDIO");
    expect(responseKind("AUDIO")).toBe("TEXT");
  });

  it("parses every label it writes, the ASCII arrow and an explicit text response", () => {
    for (const m of MODALITIES) expect(parseModality(modalityLabel(m))).toBe(m);
    expect(parseModality(" Text -> Image ")).toBe("TEXT_TO_IMAGE");
    expect(parseModality("audio→text")).toBe("AUDIO");
    expect(parseModality("video")).toBeNull();
    expect(parseModality("text→")).toBeNull();
    expect(parseModality("text→image→audio")).toBeNull();
  });

  it("asks the built-in dimensions where they make sense", () => {
    expect(askedOn("TEXT")).toEqual(["overall", "instruction_following", "truthfulness", "presentation"]);
    expect(askedOn("IMAGE")).toEqual(["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"]);
    expect(askedOn("TEXT_TO_IMAGE")).toEqual(["overall", "instruction_following", "prompt_alignment", "visual_quality"]);
    expect(askedOn("IMAGE_TO_IMAGE")).toEqual(["overall", "instruction_following", "prompt_alignment", "visual_quality", "edit_faithfulness"]);
    expect(askedOn("TEXT_TO_AUDIO")).toEqual(["overall", "instruction_following", "truthfulness", "naturalness", "expressiveness", "intelligibility", "audio_quality"]);
    expect(askedOn("AUDIO")).toEqual(["overall", "instruction_following", "truthfulness", "presentation"]);
    expect(dimensionApplies(dim("naturalness"), "AUDIO")).toBe(false); // a spoken question answered in text: no voice to judge
  });
});
