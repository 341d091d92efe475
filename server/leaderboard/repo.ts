// The leaderboard's queries: side-by-side studies and their models, counted battles per item and
// dimension, the prompts' attributes, and the responses' style (counted once, then stored).
import type { Db } from "../db/client";
import { nativeRows, toNumber } from "../db/native-read";
import { COUNTED_JUDGMENT } from "../analytics/judgment-sql";
import type { PromptAttributes } from "../analytics/domain/slices";
import { responseStyle, styleColumns, type ResponseStyle } from "./domain/style-features";

const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

export async function sideBySideStudies(db: Db) {
  return db.study.findMany({
    where: { type: "SIDE_BY_SIDE" },
    orderBy: { name: "asc" },
    select: { id: true, name: true, status: true, models: { orderBy: { position: "asc" }, select: { model: { select: { name: true } } } },
      dimensions: { orderBy: { position: "asc" }, select: { dimension: { select: { key: true } } } } },
  });
}

export interface BattleRow {
  itemId: string;
  dimension: string;
  aWins: number;
  bWins: number;
  ties: number;
}

/** Counted judgments per item and dimension of the studies: wins of model A, of model B, ties. */
export async function battleRows(db: Db, studyIds: string[], dimension?: string): Promise<BattleRow[]> {
  const rows = await nativeRows(db, `
    SELECT j."itemId", d."key",
      SUM(CASE WHEN j."preference" > 0 THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" < 0 THEN 1 ELSE 0 END),
      SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END)
    FROM "Judgment" j JOIN "Dimension" d ON d."id" = j."dimensionId"
    WHERE j."studyId" IN (${marks(studyIds.length)}) AND ${COUNTED_JUDGMENT} AND j."preference" IS NOT NULL
      ${dimension ? `AND d."key" = ?` : ""}
    GROUP BY j."itemId", d."key"`, dimension ? [...studyIds, dimension] : studyIds);
  return rows.map((r) => ({ itemId: String(r[0]), dimension: String(r[1]), aWins: toNumber(r[2]), bWins: toNumber(r[3]), ties: toNumber(r[4]) }));
}

export interface ItemPair {
  promptId: string;
  modelA: string;
  modelB: string;
  responseA: string;
  responseB: string;
}

/** Study items (not control items) with their pair of models and responses. */
export async function itemPairs(db: Db, studyIds: string[]): Promise<Map<string, ItemPair>> {
  const rows = await nativeRows(db, `
    SELECT i."id", i."promptId", ma."name", mb."name", i."responseId", i."baselineResponseId"
    FROM "Item" i
    JOIN "Response" ra ON ra."id" = i."responseId" JOIN "Model" ma ON ma."id" = ra."modelId"
    JOIN "Response" rb ON rb."id" = i."baselineResponseId" JOIN "Model" mb ON mb."id" = rb."modelId"
    WHERE i."studyId" IN (${marks(studyIds.length)}) AND i."control" = 'NONE'`, studyIds);
  return new Map(rows.map((r) => [String(r[0]), { promptId: String(r[1]), modelA: String(r[2]), modelB: String(r[3]), responseA: String(r[4]), responseB: String(r[5]) }]));
}

export async function promptAttributes(db: Db, studyIds: string[]): Promise<Map<string, PromptAttributes>> {
  const rows = await nativeRows(db, `
    SELECT p."id", p."localeCode", l."region", p."category", p."modality"
    FROM "Prompt" p JOIN "Locale" l ON l."code" = p."localeCode"
    WHERE p."id" IN (SELECT DISTINCT i."promptId" FROM "Item" i WHERE i."studyId" IN (${marks(studyIds.length)}) AND i."control" = 'NONE')`, studyIds);
  return new Map(rows.map((r) => [String(r[0]), { locale: String(r[1]), region: String(r[2]), category: String(r[3]), modality: String(r[4]) as PromptAttributes["modality"] }]));
}

const STYLE_BATCH = 500;

/**
 * The style of the study items' responses. Imports measure a response when they write its text;
 * responses stored before that (or written elsewhere) are measured here, once, and stored.
 */
export async function responseStyles(db: Db, studyIds: string[]): Promise<Map<string, ResponseStyle>> {
  const inStudies = `r."id" IN (SELECT i."responseId" FROM "Item" i WHERE i."studyId" IN (${marks(studyIds.length)}) AND i."control" = 'NONE')
    OR r."id" IN (SELECT i."baselineResponseId" FROM "Item" i WHERE i."studyId" IN (${marks(studyIds.length)}) AND i."control" = 'NONE')`;
  const params = [...studyIds, ...studyIds];
  for (;;) {
    const missing = await nativeRows(db, `SELECT r."id", r."text" FROM "Response" r WHERE r."styleLength" IS NULL AND (${inStudies}) LIMIT ${STYLE_BATCH}`, params);
    if (missing.length === 0) break;
    await db.$transaction(missing.map(([id, text]) => {
      return db.response.update({ where: { id: String(id) }, data: styleColumns(responseStyle(String(text))) });
    }));
  }
  const rows = await nativeRows(db, `SELECT r."id", r."styleLength", r."styleHeaders", r."styleListItems", r."styleBold" FROM "Response" r WHERE ${inStudies}`, params);
  return new Map(rows.map((r) => [String(r[0]), { length: toNumber(r[1]), headers: toNumber(r[2]), listItems: toNumber(r[3]), bold: toNumber(r[4]) }]));
}
