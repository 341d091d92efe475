import { LOCALE_ORDER } from "../auth/repo";
import type { Db, Tx } from "../db/client";

export const studyTranslation = (db: Db, studyId: string, language: string) =>
  db.studyTranslation.findUnique({ where: { studyId_language: { studyId, language } }, select: { title: true, guidelines: true } });

export const studyTranslationsFor = (db: Db, studyIds: string[], language: string) =>
  db.studyTranslation.findMany({ where: { studyId: { in: studyIds }, language }, select: { studyId: true, title: true, guidelines: true } });

export const dimensionTranslationsFor = (db: Db, dimensionIds: string[], language: string) =>
  db.dimensionTranslation.findMany({ where: { dimensionId: { in: dimensionIds }, language }, select: { dimensionId: true, label: true, description: true } });

export const allStudyTranslations = (db: Db, studyId: string) =>
  db.studyTranslation.findMany({ where: { studyId }, select: { language: true, title: true, guidelines: true } });

export const allDimensionTranslations = (db: Db, dimensionIds: string[]) =>
  db.dimensionTranslation.findMany({ where: { dimensionId: { in: dimensionIds } }, select: { dimensionId: true, language: true, label: true, description: true } });

export const studyForTranslation = (db: Db, studyId: string) =>
  db.study.findUnique({
    where: { id: studyId },
    select: {
      id: true, name: true, type: true, graderTitle: true, guidelines: true,
      locales: { select: { localeCode: true } },
      dimensions: { orderBy: { position: "asc" }, select: { dimension: { select: { id: true, key: true, label: true, description: true, builtIn: true } } } },
    },
  });

/** The graders who may work on a study (active, with one of its locales), with what decides their language. */
export const gradersOfLocales = (db: Db, localeCodes: string[]) =>
  db.user.findMany({
    where: { role: "GRADER", active: true, locales: { some: { localeCode: { in: localeCodes } } } },
    select: { uiLanguage: true, locales: { select: { localeCode: true }, orderBy: LOCALE_ORDER } },
  });

export const upsertStudyTranslation = (db: Db | Tx, studyId: string, language: string, data: { title: string; guidelines: string }) =>
  db.studyTranslation.upsert({ where: { studyId_language: { studyId, language } }, create: { studyId, language, ...data }, update: data });

export const deleteStudyTranslation = (db: Db | Tx, studyId: string, language: string) =>
  db.studyTranslation.deleteMany({ where: { studyId, language } });

export const upsertDimensionTranslation = (db: Db | Tx, dimensionId: string, language: string, data: { label: string; description: string }) =>
  db.dimensionTranslation.upsert({ where: { dimensionId_language: { dimensionId, language } }, create: { dimensionId, language, ...data }, update: data });

export const deleteDimensionTranslation = (db: Db | Tx, dimensionId: string, language: string) =>
  db.dimensionTranslation.deleteMany({ where: { dimensionId, language } });
