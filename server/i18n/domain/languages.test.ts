import { describe, expect, it } from "vitest";
import { closestLanguage, directionOf, negotiateLanguage, userLanguage } from "./languages";

describe("interface languages", () => {
  it("maps locales to the closest supported language", () => {
    expect(closestLanguage("ja-JP")).toBe("ja");
    expect(closestLanguage("es-ES")).toBe("es-MX");
    expect(closestLanguage("pt_PT")).toBe("pt-BR");
    expect(closestLanguage("zh-TW")).toBe("zh-CN");
    expect(closestLanguage("ZH-cn")).toBe("zh-CN");
    expect(closestLanguage("ar-EG")).toBe("ar");
    expect(closestLanguage("en-IN")).toBe("en");
    expect(closestLanguage("hi-IN")).toBeNull();
    expect(closestLanguage("*")).toBeNull();
  });

  it("takes the user's choice, else their first locale, else English", () => {
    expect(userLanguage({ uiLanguage: "ko", locales: ["ja-JP"] })).toBe("ko");
    expect(userLanguage({ uiLanguage: null, locales: ["ja-JP", "ko-KR"] })).toBe("ja");
    expect(userLanguage({ uiLanguage: "xx", locales: ["de-DE"] })).toBe("de");
    expect(userLanguage({ uiLanguage: null, locales: ["hi-IN"] })).toBe("en");
    expect(userLanguage({ uiLanguage: null, locales: [] })).toBe("en");
  });

  it("negotiates Accept-Language by weight, then order", () => {
    expect(negotiateLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toBe("fr");
    expect(negotiateLanguage("hi-IN, de;q=0.3, ja;q=0.8")).toBe("ja");
    expect(negotiateLanguage("en;q=0.1, ar")).toBe("ar");
    expect(negotiateLanguage("ja;q=0, ko;q=0.2")).toBe("ko");
    expect(negotiateLanguage("hi, *")).toBe("en");
    expect(negotiateLanguage("")).toBe("en");
    expect(negotiateLanguage(null)).toBe("en");
    expect(negotiateLanguage("garbage;;q=x")).toBe("en");
  });

  it("knows which languages run right to left", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("ja")).toBe("ltr");
  });
});
