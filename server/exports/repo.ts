// Raw judgments of a study for export, a page at a time in id order (keyset pagination), so a
// million rows never sit in memory together.
import Database from "better-sqlite3";
import pg from "pg";
import { targetOf, type Db } from "../db/client";
import type { ExportSource } from "./domain/export-columns";

/** A row as the drivers return it: the export's fields, with flags, numbers and dates not yet normalised. */
type Raw = "cannotAssess" | "harmful" | "surplus" | "superseded" | "preference" | "score" | "timeSpentMs" | "submittedAt" | "minTaskSeconds";
export type ExportRow = Omit<ExportSource, Raw | "grader"> & { [K in Raw]: unknown } & { id: string; studyId: string; graderId: string };

export const findStudyName = async (db: Db, id: string) => (await db.study.findUnique({ where: { id }, select: { name: true } }))?.name ?? null;

export const findStudyId = async (db: Db, name: string) => (await db.study.findUnique({ where: { name }, select: { id: true } }))?.id ?? null;

const EXPORT_SELECT = `
    SELECT j."id" AS "id", s."id" AS "studyId", s."name" AS "study", p."externalId" AS "promptId", p."text" AS "promptText",
      p."localeCode" AS "locale", l."region" AS "region", p."category" AS "category", p."modality" AS "modality",
      j."graderId" AS "graderId", d."key" AS "dimension", ma."name" AS "modelA", mb."name" AS "modelB",
      j."candidateSide" AS "candidateSide", j."preference" AS "preference", j."score" AS "score", j."timeSpentMs" AS "timeSpentMs",
      j."comment" AS "comment", j."cannotAssess" AS "cannotAssess", j."harmful" AS "harmful", j."surplus" AS "surplus",
      j."superseded" AS "superseded", j."source" AS "source", j."submittedAt" AS "submittedAt",
      i."control" AS "control", x."reason" AS "exclusionReason", s."minTaskSeconds" AS "minTaskSeconds"
    FROM (SELECT * FROM "Judgment" WHERE "studyId" = $STUDY AND "id" > $AFTER ORDER BY "id" LIMIT $LIMIT) j
    JOIN "Study" s ON s."id" = j."studyId"
    JOIN "Item" i ON i."id" = j."itemId"
    JOIN "Prompt" p ON p."id" = i."promptId"
    JOIN "Locale" l ON l."code" = p."localeCode"
    JOIN "Dimension" d ON d."id" = j."dimensionId"
    JOIN "Response" ra ON ra."id" = i."responseId"
    JOIN "Model" ma ON ma."id" = ra."modelId"
    LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    LEFT JOIN "Model" mb ON mb."id" = rb."modelId"
    LEFT JOIN "Exclusion" x ON x."id" = j."excludedById"`;

/**
 * Pages of a study's judgments in id order, read with the engine's own driver on a connection of
 * the export's own: Prisma's per-row overhead dominates at a million rows. Each page is one
 * short query, so the export never holds a transaction open or the whole result in memory.
 */
export async function* judgmentPages(db: Db, studyId: string, pageSize: number): AsyncGenerator<ExportRow[]> {
  const target = targetOf(db);
  if (target.engine === "sqlite") {
    const conn = new Database(target.file, { readonly: true, fileMustExist: true });
    try {
      // The page of judgments is chosen first, from the (studyId, id) index, and only then joined:
      // otherwise a planner may join the whole study before taking the page.
      const page = conn.prepare(`${EXPORT_SELECT.replace("$STUDY", "?").replace("$AFTER", "?").replace("$LIMIT", "?")} ORDER BY j."id"`);
      for (let after = ""; ;) {
        const rows = page.all(studyId, after, pageSize) as ExportRow[];
        if (rows.length) yield rows;
        if (rows.length < pageSize) return;
        after = rows[rows.length - 1].id;
      }
    } finally {
      conn.close();
    }
  }
  if (target.engine !== "pg") return;
  const conn = new pg.Client({ connectionString: target.url });
  await conn.connect();
  try {
    for (let after = ""; ;) {
      const { rows } = await conn.query<ExportRow>(`${EXPORT_SELECT.replace("$STUDY", "$1").replace("$AFTER", "$2").replace("$LIMIT", "$3")} ORDER BY j."id"`, [studyId, after, pageSize]);
      if (rows.length) yield rows;
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1].id;
    }
  } finally {
    await conn.end();
  }
}
