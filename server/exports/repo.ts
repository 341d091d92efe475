// Raw judgments of a study for export, a page at a time in id order (keyset pagination), so a
// million rows never sit in memory together.
import pg from "pg";
import { targetOf, type Db } from "../db/client";
import { nativeColumns } from "../db/native-read";

/**
 * The columns of a page, in order. Flags, numbers and dates are as the driver gives them, not yet
 * normalised.
 */
export const EXPORT_FIELDS = ["id", "studyId", "study", "promptId", "promptText", "locale", "region", "category", "modality", "graderId",
  "dimension", "modelA", "modelB", "candidateSide", "preference", "score", "timeSpentMs", "comment", "cannotAssess", "harmful", "surplus",
  "superseded", "source", "submittedAt", "control", "exclusionReason", "minTaskSeconds", "conversation"] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];
/** Where each field sits in a page. */
export const AT = Object.fromEntries(EXPORT_FIELDS.map((f, i) => [f, i])) as Record<ExportField, number>;

/** A page of judgments: `at(field, row)` is the driver's value of a field (AT) in a row. */
export interface ExportPage {
  length: number;
  at(field: number, row: number): unknown;
}

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

const pageQuery = (placeholders: [string, string, string]) =>
  `${EXPORT_SELECT.replace("$STUDY", placeholders[0]).replace("$AFTER", placeholders[1]).replace("$LIMIT", placeholders[2])} ORDER BY j."id"`;

/**
 * Pages of a study's judgments in id order. Each page is one short query (the export never holds a
 * transaction open or the whole result in memory), and the next page is asked for as soon as the
 * current one is in, so that the database reads it while the caller writes the current one out.
 * SQLite's pages come from the read workers as columns (the page's repeated prompt texts and names
 * cross between threads once); PostgreSQL's as the driver's array rows, on the export's own
 * connection. The page is chosen first, from the (studyId, id) index, and only then joined:
 * otherwise a planner may join the whole study before taking the page.
 */
export async function* judgmentPages(db: Db, studyId: string, pageSize: number): AsyncGenerator<ExportPage> {
  const target = targetOf(db);
  let read: (after: string) => Promise<ExportPage & { lastId(): string }>;
  let close = async () => {};
  if (target.engine === "sqlite") {
    const sql = pageQuery(["?", "?", "?"]);
    read = async (after) => {
      const page = await nativeColumns(db, sql, [studyId, after, pageSize]);
      const columns = EXPORT_FIELDS.map((_, i) => page.columnReader(i));
      return { length: page.length, at: (field, row) => columns[field](row), lastId: () => String(columns[AT.id](page.length - 1)) };
    };
  } else {
    const conn = new pg.Client({ connectionString: target.url });
    await conn.connect();
    close = () => conn.end();
    const sql = pageQuery(["$1", "$2", "$3"]);
    read = async (after) => {
      const { rows } = await conn.query<unknown[]>({ text: sql, values: [studyId, after, pageSize], rowMode: "array" });
      return { length: rows.length, at: (field, row) => rows[row][field], lastId: () => String(rows[rows.length - 1][AT.id]) };
    };
  }
  try {
    let next: Promise<ExportPage & { lastId(): string }> | null = read("");
    while (next) {
      const page: ExportPage & { lastId(): string } = await next;
      next = page.length === pageSize ? read(page.lastId()) : null;
      // A page asked for ahead is awaited (or fails) with the next turn of the loop; if the caller
      // stops early, its result is dropped.
      next?.catch(() => {});
      if (page.length > 0) yield page;
    }
  } finally {
    await close();
  }
}
