// Raw judgments of a study for export, a page at a time in id order (keyset pagination), so a
// million rows never sit in memory together.
import Database from "better-sqlite3";
import pg from "pg";
import { targetOf, type Db } from "../db/client";

/**
 * The columns of a page, in order: rows come from the drivers as arrays (SQLite's raw mode,
 * PostgreSQL's array row mode), a third cheaper than an object with 27 named fields per row.
 * Flags, numbers and dates are as the driver gives them, not yet normalised.
 */
export const EXPORT_FIELDS = ["id", "studyId", "study", "promptId", "promptText", "locale", "region", "category", "modality", "graderId",
  "dimension", "modelA", "modelB", "candidateSide", "preference", "score", "timeSpentMs", "comment", "cannotAssess", "harmful", "surplus",
  "superseded", "source", "submittedAt", "control", "exclusionReason", "minTaskSeconds", "conversation"] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];
/** Where each field sits in a raw row. */
export const AT = Object.fromEntries(EXPORT_FIELDS.map((f, i) => [f, i])) as Record<ExportField, number>;
export type ExportRow = unknown[];

export const findStudyName = async (db: Db, id: string) => (await db.study.findUnique({ where: { id }, select: { name: true } }))?.name ?? null;

export const findStudyId = async (db: Db, name: string) => (await db.study.findUnique({ where: { name }, select: { id: true } }))?.id ?? null;

const EXPORT_SELECT = `
    SELECT j."id", s."id", s."name", p."externalId", p."text", p."localeCode", l."region", p."category", p."modality",
      j."graderId", d."key", ma."name", mb."name", j."candidateSide", j."preference", j."score", j."timeSpentMs",
      j."comment", j."cannotAssess", j."harmful", j."surplus", j."superseded", j."source", j."submittedAt",
      i."control", x."reason", s."minTaskSeconds", p."conversation"
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
      const page = conn.prepare(`${EXPORT_SELECT.replace("$STUDY", "?").replace("$AFTER", "?").replace("$LIMIT", "?")} ORDER BY j."id"`).raw(true);
      for (let after = ""; ;) {
        const rows = page.all(studyId, after, pageSize) as ExportRow[];
        if (rows.length) yield rows;
        if (rows.length < pageSize) return;
        after = String(rows[rows.length - 1][AT.id]);
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
      const { rows } = await conn.query<ExportRow>({ text: `${EXPORT_SELECT.replace("$STUDY", "$1").replace("$AFTER", "$2").replace("$LIMIT", "$3")} ORDER BY j."id"`,
        values: [studyId, after, pageSize], rowMode: "array" });
      if (rows.length) yield rows;
      if (rows.length < pageSize) return;
      after = String(rows[rows.length - 1][AT.id]);
    }
  } finally {
    await conn.end();
  }
}
