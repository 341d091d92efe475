import { describe, expect, it } from "vitest";
import { filterFromParams, filterIsEmpty, paramsWithFilter, splitList, unreadableModalities } from "./filter-params";

describe("dashboard filter in the URL", () => {
  it("reads comma lists, drops blanks and duplicates, and normalises modality", () => {
    const f = filterFromParams(new URLSearchParams("dimension=truthfulness,overall,,overall&locale=ja-JP&modality=image,bogus"));
    expect(f).toEqual({ dimensions: ["overall", "truthfulness"], locales: ["ja-JP"], modalities: ["IMAGE"] });
  });

  it("names the modality values it cannot read, so the page can refuse the link", () => {
    expect(unreadableModalities(new URLSearchParams("modality=image,bogus, ,text->image"))).toEqual(["bogus"]);
    expect(unreadableModalities({ modality: ["audio", "Video"] })).toEqual(["Video"]);
    expect(unreadableModalities(new URLSearchParams("locale=ja-JP"))).toEqual([]);
  });

  it("keeps a value's own commas: a category may hold one", () => {
    const f = { categories: ["Reasoning, math", "Writing", "a\\b"] };
    const q = paramsWithFilter(new URLSearchParams(), f);
    expect(filterFromParams(q)).toEqual(f);
    expect(filterFromParams({ category: q.get("category")! })).toEqual(f);
    // Links written before the escaping read as they did.
    expect(filterFromParams(new URLSearchParams("category=Math,Writing")).categories).toEqual(["Math", "Writing"]);
    expect(splitList("a\\,b,c\\\\")).toEqual(["a,b", "c\\"]);
  });

  it("reads Next's searchParams object, arrays included", () => {
    expect(filterFromParams({ category: ["Math", "Writing"], locale: undefined })).toEqual({ categories: ["Math", "Writing"] });
  });

  it("round-trips and keeps unrelated parameters", () => {
    const f = { dimensions: ["overall"], categories: ["Math"], modalities: ["TEXT" as const] };
    const q = paramsWithFilter(new URLSearchParams("baseline=Old&locale=en-US"), f);
    expect(q.toString()).toBe("baseline=Old&dimension=overall&category=Math&modality=text");
    expect(filterFromParams(q)).toEqual(f);
  });

  it("writes response modalities as reports label them and reads either arrow", () => {
    const q = paramsWithFilter(new URLSearchParams(), { modalities: ["TEXT_TO_AUDIO", "IMAGE"] });
    expect(q.get("modality")).toBe("image,text→audio");
    expect(filterFromParams(q).modalities).toEqual(["IMAGE", "TEXT_TO_AUDIO"]);
    expect(filterFromParams(new URLSearchParams("modality=text->image,audio→text")).modalities).toEqual(["AUDIO", "TEXT_TO_IMAGE"]);
  });

  it("knows an empty filter", () => {
    expect(filterIsEmpty({})).toBe(true);
    expect(filterIsEmpty({ locales: [] })).toBe(true);
    expect(filterIsEmpty({ locales: ["en-US"] })).toBe(false);
  });

  it("keeps the pair of a study of several models in two parameters", () => {
    const f = filterFromParams(new URLSearchParams("pair_a=Model A|x&pair_b=B"));
    expect(f.pair).toEqual(["Model A|x", "B"]);
    const q = paramsWithFilter(new URLSearchParams(), { pair: ["M1", "M2"] });
    expect(q.get("pair_a")).toBe("M1");
    expect(filterFromParams(paramsWithFilter(q, {})).pair).toBeUndefined();
  });
});
