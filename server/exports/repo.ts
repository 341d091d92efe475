// Raw judgments of a study for export, a page at a time in id order (keyset pagination), so a
// million rows never sit in memory together.
import { targetOf, type Db } from "../db/client";
import type { ColumnarRows } from "../db/columnar-rows";
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

/**
 * On the engines' own drivers, as the pages are read: an export from the command line then never
 * starts Prisma's query engine (some 25 MB of a process meant to stream in little memory).
 */
export async function findStudyId(db: Db, name: string): Promise<string | null> {
  const found = await nativeColumns(db, `SELECT "id" FROM "Study" WHERE "name" = ?`, [name]);
  return found.length === 0 ? null : String(found.columnReader(0)(0));
}

// A page reads the judgments alone; what belongs to their item (the prompt, its attributes, the
// two models) is read once per page for the page's distinct items, and what belongs to the study or
// a dimension once per export. Joining it all onto every judgment made SQLite look up nine rows per
// judgment and hand over twenty-eight values, the prompt's text among them, that repeat across the
// item's judgments: reading a million judgments took 14 s that way and 7.7 s this way.
const PAGE_COLUMNS = ["id", "itemId", "dimensionId", "graderId", "candidateSide", "preference", "score", "timeSpentMs", "comment",
  "cannotAssess", "harmful", "surplus", "superseded", "source", "submittedAt", "exclusionReason"] as const;
const PAGE_SELECT = `
    SELECT j."id", j."itemId", j."dimensionId", j."graderId", j."candidateSide", j."preference", j."score", j."timeSpentMs",
      j."comment", j."cannotAssess", j."harmful", j."surplus", j."superseded", j."source", j."submittedAt", x."reason"
    FROM (SELECT * FROM "Judgment" WHERE "studyId" = $STUDY AND "id" > $AFTER ORDER BY "id" LIMIT $LIMIT) j
    LEFT JOIN "Exclusion" x ON x."id" = j."excludedById"
    ORDER BY j."id"`;
const ITEM_COLUMNS = ["id", "promptId", "promptText", "locale", "region", "category", "modality", "modelA", "modelB", "control", "conversation"] as const;
const ITEM_FROM = `
    SELECT i."id", p."externalId", p."text", p."localeCode", l."region", p."category", p."modality", ma."name", mb."name", i."control", p."conversation"
    FROM "Item" i
    JOIN "Prompt" p ON p."id" = i."promptId"
    JOIN "Locale" l ON l."code" = p."localeCode"
    JOIN "Response" ra ON ra."id" = i."responseId"
    JOIN "Model" ma ON ma."id" = ra."modelId"
    LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    LEFT JOIN "Model" mb ON mb."id" = rb."modelId"`;
/** The items of the judgments PAGE_SELECT reads with the same parameters. */
const ITEMS_OF_PAGE = `${ITEM_FROM}
    WHERE i."id" IN (SELECT "itemId" FROM "Judgment" WHERE "studyId" = $STUDY AND "id" > $AFTER ORDER BY "id" LIMIT $LIMIT)`;
/** Items by a list of ids: a JSON array on SQLite, an array on PostgreSQL. */
const ITEMS_BY_ID = {
  sqlite: `${ITEM_FROM} WHERE i."id" IN (SELECT "value" FROM json_each(?))`,
  pg: `${ITEM_FROM} WHERE i."id" = ANY(?::text[])`,
};

const withPage = (sql: string) => sql.replace("$STUDY", "?").replace("$AFTER", "?").replace("$LIMIT", "?");

type Reader = (row: number) => unknown;

function rowsById(rows: ColumnarRows, column: number): Map<unknown, number> {
  const read = rows.columnReader(column);
  const byId = new Map<unknown, number>();
  for (let r = 0; r < rows.length; r++) byId.set(read(r), r);
  return byId;
}

/**
 * Pages of a study's judgments in id order. Each page is one short query (the export never holds a
 * transaction open or the whole result in memory), and the next page is asked for as soon as the
 * current one is in, so that the database reads it while the caller writes the current one out.
 * Pages come as columns (nativeColumns): on SQLite from the read workers, the page's repeated
 * names crossing between threads once. The page is chosen first, from the (studyId, id) index,
 * and only then joined: otherwise a planner may join the whole study before taking the page.
 */
export async function* judgmentPages(db: Db, studyId: string, pageSize: number): AsyncGenerator<ExportPage> {
  const target = targetOf(db);
  const query = (sql: string, params: unknown[]) => nativeColumns(db, sql, params);
  const pageSql = withPage(PAGE_SELECT);
  const itemSql = withPage(ITEMS_OF_PAGE);
  const [study, dimensions] = await Promise.all([
    query(`SELECT "name", "minTaskSeconds" FROM "Study" WHERE "id" = ?`, [studyId]),
    query(`SELECT "id", "key" FROM "Dimension"`, []),
  ]);
  if (study.length === 0) return;
  const studyName = study.columnReader(0)(0);
  const minTaskSeconds = study.columnReader(1)(0);
  const dimensionKey = new Map<unknown, unknown>();
  for (let r = 0; r < dimensions.length; r++) dimensionKey.set(dimensions.columnReader(0)(r), dimensions.columnReader(1)(r));
  const P = (c: (typeof PAGE_COLUMNS)[number]) => PAGE_COLUMNS.indexOf(c);
  const I = (c: (typeof ITEM_COLUMNS)[number]) => ITEM_COLUMNS.indexOf(c);

  const read = async (after: number): Promise<ExportPage & { lastId(): number }> => {
    // Both asked for at once, so that neither waits for the caller to be done with the page before.
    const [page, pageItems] = await Promise.all([query(pageSql, [studyId, after, pageSize]), query(itemSql, [studyId, after, pageSize])]);
    if (page.length === 0) return { length: 0, at: () => undefined, lastId: () => after };
    const itemOfPage = page.dictionary(P("itemId"));
    const ids = itemOfPage.values.map(String);
    let items = pageItems;
    let itemRowOf = rowsById(items, I("id"));
    // The two queries are two statements: a judgment submitted between them can shift the second
    // one's page. Then the page's items are read again by their ids.
    if (ids.some((id) => !itemRowOf.has(id))) {
      items = await query(ITEMS_BY_ID[target.engine], [target.engine === "sqlite" ? JSON.stringify(ids) : ids]);
      itemRowOf = rowsById(items, I("id"));
    }
    // The page's rows → their item's row in `items` (which come back in any order).
    const itemRow = new Int32Array(page.length);
    const codeToRow = ids.map((id) => {
      const r = itemRowOf.get(id);
      if (r === undefined) throw new Error(`export: item ${id} of a judgment was not found`);
      return r;
    });
    for (let r = 0; r < page.length; r++) itemRow[r] = codeToRow[itemOfPage.codes[r]];
    const fromPage = (c: number) => page.columnReader(c);
    const fromItem = (c: number): Reader => {
      const read = items.columnReader(c);
      return (row) => read(itemRow[row]);
    };
    const dimension = page.columnReader(P("dimensionId"));
    const readers: Record<ExportField, Reader> = {
      id: fromPage(P("id")), studyId: () => studyId, study: () => studyName,
      promptId: fromItem(I("promptId")), promptText: fromItem(I("promptText")), locale: fromItem(I("locale")), region: fromItem(I("region")),
      category: fromItem(I("category")), modality: fromItem(I("modality")), graderId: fromPage(P("graderId")),
      dimension: (row) => dimensionKey.get(dimension(row)), modelA: fromItem(I("modelA")), modelB: fromItem(I("modelB")),
      candidateSide: fromPage(P("candidateSide")), preference: fromPage(P("preference")), score: fromPage(P("score")),
      timeSpentMs: fromPage(P("timeSpentMs")), comment: fromPage(P("comment")), cannotAssess: fromPage(P("cannotAssess")),
      harmful: fromPage(P("harmful")), surplus: fromPage(P("surplus")), superseded: fromPage(P("superseded")), source: fromPage(P("source")),
      submittedAt: fromPage(P("submittedAt")), control: fromItem(I("control")), exclusionReason: fromPage(P("exclusionReason")),
      minTaskSeconds: () => minTaskSeconds, conversation: fromItem(I("conversation")),
    };
    const byField = EXPORT_FIELDS.map((f) => readers[f]);
    const lastId = Number(readers.id(page.length - 1));
    return { length: page.length, at: (field, row) => byField[field](row), lastId: () => lastId };
  };
  // Judgments are numbered from 1.
  let next: Promise<ExportPage & { lastId(): number }> | null = read(0);
  while (next) {
    const page: ExportPage & { lastId(): number } = await next;
    next = page.length === pageSize ? read(page.lastId()) : null;
    // A page asked for ahead is awaited (or fails) with the next turn of the loop; if the caller
    // stops early, its result is dropped.
    next?.catch(() => {});
    if (page.length > 0) yield page;
  }
}
