// Grader-facing texts in the grader's language (study titles, guidelines, dimension labels and
// descriptions), and the researcher's side: entering translations and seeing what is missing.
import { TRPCError } from "@trpc/server";
import { recordAudit } from "../audit/repo";
import type { Db } from "../db/client";
import { LANGUAGES, userLanguage, type Language } from "../i18n/domain/languages";
import { hasMessage, translate } from "../i18n/translator";
import { missingTranslations, type Translations } from "./domain/missing-translations";
import { resolveText } from "./domain/resolve-text";
import * as repo from "./repo";
import type { TSaveTranslations } from "./schema";

type StudyType = "SIDE_BY_SIDE" | "SINGLE_SIDED";

const catalogueKey = (dimensionKey: string, part: "label" | "description") => `dimensions.${dimensionKey}.${part}`;
/** The catalogue's words for a built-in dimension (custom keys have none). */
const catalogueText = (language: Language, dimensionKey: string, part: "label" | "description") =>
  hasMessage(language, catalogueKey(dimensionKey, part)) ? translate(language, catalogueKey(dimensionKey, part)) : null;

/** The title graders see: the researcher's (translated when they translated it), or the neutral one for the study's type. */
function titleIn(language: Language, study: { graderTitle: string; type: StudyType }, translated: string | null | undefined): string {
  const own = study.graderTitle.trim();
  if (!own) return translated?.trim() || translate(language, `studyTitle.${study.type}`);
  return resolveText(language, own, translated, null).text;
}

/** Grader-facing titles of several studies, for a grader's queue. */
export async function studyTitlesIn(db: Db, language: Language, studies: { id: string; graderTitle: string; type: StudyType }[]): Promise<Map<string, string>> {
  const rows = language === "en" ? [] : await repo.studyTranslationsFor(db, studies.map((s) => s.id), language);
  const byStudy = new Map(rows.map((r) => [r.studyId, r.title]));
  return new Map(studies.map((s) => [s.id, titleIn(language, s, byStudy.get(s.id))]));
}

/** A task's study texts and dimensions as the grader reads them. */
export async function graderTexts<D extends { dimensionId: string; key: string; label: string; description: string }>(
  db: Db, language: Language, study: { id: string; graderTitle: string; type: StudyType; guidelines: string }, dimensions: D[],
): Promise<{ title: string; guidelines: string; dimensions: D[] }> {
  if (language === "en") return { title: titleIn("en", study, null), guidelines: study.guidelines, dimensions };
  const [s, dims] = await Promise.all([
    repo.studyTranslation(db, study.id, language),
    repo.dimensionTranslationsFor(db, dimensions.map((d) => d.dimensionId), language),
  ]);
  const own = new Map(dims.map((d) => [d.dimensionId, d]));
  return {
    title: titleIn(language, study, s?.title),
    guidelines: resolveText(language, study.guidelines, s?.guidelines, null).text,
    dimensions: dimensions.map((d) => ({
      ...d,
      label: resolveText(language, d.label, own.get(d.dimensionId)?.label, catalogueText(language, d.key, "label")).text,
      description: resolveText(language, d.description, own.get(d.dimensionId)?.description, catalogueText(language, d.key, "description")).text,
    })),
  };
}

/** Dimension labels by key in a language (for the qualification result). */
export async function dimensionLabelsIn(db: Db, language: Language, dims: { id: string; key: string; label: string }[]): Promise<Map<string, string>> {
  if (language === "en") return new Map(dims.map((d) => [d.key, d.label]));
  const own = new Map((await repo.dimensionTranslationsFor(db, dims.map((d) => d.id), language)).map((d) => [d.dimensionId, d.label]));
  return new Map(dims.map((d) => [d.key, resolveText(language, d.label, own.get(d.id), catalogueText(language, d.key, "label")).text]));
}

/** Everything the researcher's translation page shows: the English texts, each language's translations, and what is missing. */
export async function studyTranslations(db: Db, studyId: string) {
  const study = await repo.studyForTranslation(db, studyId);
  if (!study) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  const dims = study.dimensions.map((d) => d.dimension);
  const [studyRows, dimRows, graders] = await Promise.all([
    repo.allStudyTranslations(db, studyId), repo.allDimensionTranslations(db, dims.map((d) => d.id)),
    repo.gradersOfLocales(db, study.locales.map((l) => l.localeCode)),
  ]);
  // The languages this study's graders work in, with how many graders each.
  const graderLanguages = new Map<string, number>();
  for (const g of graders) {
    const language = userLanguage({ uiLanguage: g.uiLanguage, locales: g.locales.map((l) => l.localeCode) });
    graderLanguages.set(language, (graderLanguages.get(language) ?? 0) + 1);
  }
  const translations: Translations = {
    study: new Map(studyRows.map((r) => [r.language, { title: r.title, guidelines: r.guidelines }])),
    dimensions: new Map(dims.map((d) => [d.key, new Map(dimRows.filter((r) => r.dimensionId === d.id).map((r) => [r.language, { label: r.label, description: r.description }]))])),
  };
  const inUse = LANGUAGES.filter((l) => l !== "en" && graderLanguages.has(l));
  const missing = missingTranslations({ graderTitle: study.graderTitle, guidelines: study.guidelines, dimensions: dims }, inUse, translations,
    (language, key) => hasMessage(language as Language, catalogueKey(key, "label")));
  return {
    study: { id: study.id, name: study.name, type: study.type, graderTitle: study.graderTitle, guidelines: study.guidelines,
      neutralTitle: translate("en", `studyTitle.${study.type}`) },
    dimensions: dims.map((d) => ({ key: d.key, label: d.label, description: d.description, builtIn: d.builtIn,
      // What graders read in each language when the researcher has not translated it.
      catalogue: Object.fromEntries(LANGUAGES.filter((l) => l !== "en").map((l) => [l, { label: catalogueText(l, d.key, "label"), description: catalogueText(l, d.key, "description") }])) })),
    graderLanguages: [...graderLanguages].map(([language, graders]) => ({ language, graders })).sort((a, b) => b.graders - a.graders || a.language.localeCompare(b.language)),
    translations: {
      study: Object.fromEntries(translations.study),
      dimensions: Object.fromEntries([...translations.dimensions].map(([k, m]) => [k, Object.fromEntries(m)])),
    },
    missing,
  };
}

/** Saves one language's translations of a study's texts and its dimensions (shared with other studies that use them). */
export async function saveTranslations(db: Db, actorId: string, input: TSaveTranslations) {
  const study = await repo.studyForTranslation(db, input.studyId);
  if (!study) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  const dims = new Map(study.dimensions.map((d) => [d.dimension.key, d.dimension]));
  const unknown = input.dimensions.filter((d) => !dims.has(d.key)).map((d) => d.key);
  if (unknown.length) throw new TRPCError({ code: "BAD_REQUEST", message: `dimensions: ${unknown.map((k) => `"${k}"`).join(", ")} ${unknown.length === 1 ? "is" : "are"} not a dimension of this study` });
  await db.$transaction(async (t) => {
    if (input.title || input.guidelines.trim()) await repo.upsertStudyTranslation(t, study.id, input.language, { title: input.title, guidelines: input.guidelines });
    else await repo.deleteStudyTranslation(t, study.id, input.language);
    for (const d of input.dimensions) {
      const id = dims.get(d.key)!.id;
      if (d.label) await repo.upsertDimensionTranslation(t, id, input.language, { label: d.label, description: d.description });
      else await repo.deleteDimensionTranslation(t, id, input.language);
    }
    await recordAudit(t, { actorId, action: "translations.save", entityType: "study", entityId: study.id,
      details: { language: input.language, dimensions: input.dimensions.map((d) => d.key) } });
  });
  return studyTranslations(db, study.id);
}
