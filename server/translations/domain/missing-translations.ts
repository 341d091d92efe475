// The "missing translations" list a researcher sees for a study: for each language its graders
// work in (other than English), every grader-facing text that would be shown in English.
import { resolveText } from "./resolve-text";

export interface TranslatableStudy {
  /** The researcher's grader title; empty means the neutral title, which the catalogue translates. */
  graderTitle: string;
  guidelines: string;
  dimensions: { key: string; label: string; description: string; builtIn: boolean }[];
}

export interface Translations {
  study: Map<string, { title: string; guidelines: string }>;
  /** by dimension key, then language */
  dimensions: Map<string, Map<string, { label: string; description: string }>>;
}

export interface MissingText {
  language: string;
  field: "title" | "guidelines" | "dimension.label" | "dimension.description";
  dimension?: string;
  english: string;
}

/**
 * `catalogueHas(language, dimensionKey)`: whether the catalogue translates a built-in dimension
 * (its words are ours, so they count as translated unless the researcher changed them).
 */
export function missingTranslations(study: TranslatableStudy, languages: string[], t: Translations,
  catalogueHas: (language: string, dimensionKey: string) => boolean): MissingText[] {
  const out: MissingText[] = [];
  for (const language of languages.filter((l) => l !== "en")) {
    const s = t.study.get(language);
    // An empty grader title is the neutral, catalogue-translated one.
    if (study.graderTitle.trim() && resolveText(language, study.graderTitle, s?.title, null).source === "english") {
      out.push({ language, field: "title", english: study.graderTitle });
    }
    if (study.guidelines.trim() && resolveText(language, study.guidelines, s?.guidelines, null).source === "english") {
      out.push({ language, field: "guidelines", english: study.guidelines });
    }
    for (const d of study.dimensions) {
      const own = t.dimensions.get(d.key)?.get(language);
      const fromCatalogue = d.builtIn && catalogueHas(language, d.key);
      if (resolveText(language, d.label, own?.label, fromCatalogue ? "yes" : null).source === "english") {
        out.push({ language, field: "dimension.label", dimension: d.key, english: d.label });
      }
      if (d.description.trim() && resolveText(language, d.description, own?.description, fromCatalogue ? "yes" : null).source === "english") {
        out.push({ language, field: "dimension.description", dimension: d.key, english: d.description });
      }
    }
  }
  return out;
}
