import { z } from "zod";
import { LANGUAGES } from "../i18n/domain/languages";

/** English is the original, not a translation. */
const TRANSLATED = LANGUAGES.filter((l) => l !== "en") as [string, ...string[]];

export const ZStudyTranslations = z.object({ studyId: z.string().min(1) });

/** Empty texts remove that translation (the grader then reads the catalogue's or the English words). */
export const ZSaveTranslations = z.object({
  studyId: z.string().min(1),
  language: z.enum(TRANSLATED),
  title: z.string().trim().max(120).default(""),
  guidelines: z.string().max(20_000).default(""),
  dimensions: z.array(z.object({
    key: z.string().min(1),
    label: z.string().trim().max(80).default(""),
    description: z.string().trim().max(1000).default(""),
  })).max(100).default([]),
}).superRefine((x, ctx) => {
  x.dimensions.forEach((d, i) => {
    if (!d.label && d.description) ctx.addIssue({ code: "custom", path: ["dimensions", i, "label"], message: `dimension "${d.key}": a translated description needs a translated label too` });
  });
});
export type TSaveTranslations = z.infer<typeof ZSaveTranslations>;

export type { MissingText } from "./domain/missing-translations";
export type { TextSource } from "./domain/resolve-text";
