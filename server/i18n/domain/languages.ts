// The interface languages graders can work in, and how one is chosen: a grader's own setting, else
// their first locale (ja-JP → Japanese, es-ES → Mexican Spanish, the closest we have), else the
// browser's Accept-Language (the login page), else English.

export const LANGUAGES = ["en", "de", "fr", "es-MX", "pt-BR", "ja", "zh-CN", "ko", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's own name for itself, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English", de: "Deutsch", fr: "Français", "es-MX": "Español (México)", "pt-BR": "Português (Brasil)",
  ja: "日本語", "zh-CN": "简体中文", ko: "한국어", ar: "العربية",
};

const RIGHT_TO_LEFT = new Set<Language>(["ar"]);
export const directionOf = (language: Language): "ltr" | "rtl" => (RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr");

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language closest to a BCP 47 tag: the same tag (case aside), else the same primary
 * language (es-ES → es-MX, pt-PT → pt-BR, zh-TW → zh-CN, fr-CA → fr), else null.
 */
export function closestLanguage(tag: string): Language | null {
  const wanted = tag.trim().toLowerCase().replace(/_/g, "-");
  if (!wanted || wanted === "*") return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split("-")[0];
  return LANGUAGES.find((l) => l.toLowerCase().split("-")[0] === primary) ?? null;
}

/** The language a user works in: their own choice, else the language of their first locale, else English. */
export function userLanguage(user: { uiLanguage?: string | null; locales: readonly string[] }): Language {
  if (isLanguage(user.uiLanguage)) return user.uiLanguage;
  const first = user.locales[0];
  return (first && closestLanguage(first)) || DEFAULT_LANGUAGE;
}

/**
 * The best supported language for an Accept-Language header (RFC 9110 §12.5.4): tags by
 * descending q (q=0 means "not this"), ties in the order given; English when none is supported.
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranges = header.split(",").map((part, index) => {
    const [tag, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const weight = q ? Number(q.slice(2)) : 1;
    return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
  }).filter((r) => r.tag && r.weight > 0);
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranges) {
    const found = closestLanguage(r.tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}
