// Raw judgments of a study for export, a page at a time in id order (keyset pagination), so a
// million rows never sit in memory together.
import type { Db } from "../db/client";

export interface ExportRow {
  id: string;
  studyId: string;
  study: string;
  promptId: string;
  promptText: string;
  locale: string;
  region: string;
  category: string;
  modality: string;
  graderId: string;
  dimension: string;
  modelA: string;
  modelB: string | null;
  candidateSide: string | null;
  preference: number | null;
  score: number | null;
  timeSpentMs: number | null;
  comment: string | null;
  cannotAssess: unknown;
  harmful: unknown;
  surplus: unknown;
  superseded: unknown;
  source: string;
  submittedAt: unknown;
}

export const findStudyId = async (db: Db, name: string) => (await db.study.findUnique({ where: { name }, select: { id: true } }))?.id ?? null;

export function judgmentPage(db: Db, studyId: string, after: string, limit: number) {
  return db.$queryRaw<ExportRow[]>`
    SELECT j."id" AS "id", s."id" AS "studyId", s."name" AS "study", p."externalId" AS "promptId", p."text" AS "promptText",
      p."localeCode" AS "locale", l."region" AS "region", p."category" AS "category", p."modality" AS "modality",
      j."graderId" AS "graderId", d."key" AS "dimension", ma."name" AS "modelA", mb."name" AS "modelB",
      j."candidateSide" AS "candidateSide", j."preference" AS "preference", j."score" AS "score", j."timeSpentMs" AS "timeSpentMs",
      j."comment" AS "comment", j."cannotAssess" AS "cannotAssess", j."harmful" AS "harmful", j."surplus" AS "surplus",
      j."superseded" AS "superseded", j."source" AS "source", j."submittedAt" AS "submittedAt"
    FROM "Judgment" j
    JOIN "Study" s ON s."id" = j."studyId"
    JOIN "Item" i ON i."id" = j."itemId"
    JOIN "Prompt" p ON p."id" = i."promptId"
    JOIN "Locale" l ON l."code" = p."localeCode"
    JOIN "Dimension" d ON d."id" = j."dimensionId"
    JOIN "Response" ra ON ra."id" = i."responseId"
    JOIN "Model" ma ON ma."id" = ra."modelId"
    LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    LEFT JOIN "Model" mb ON mb."id" = rb."modelId"
    WHERE j."studyId" = ${studyId} AND j."id" > ${after}
    ORDER BY j."id"
    LIMIT ${limit}`;
}
