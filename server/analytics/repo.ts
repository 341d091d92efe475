// The analytics queries: one grouped pass over a study's judgments per study type, plus the
// attributes of its prompts. Raw SQL, written to run unchanged on SQLite and PostgreSQL.
import type { Db } from "../db/client";
import { nativeRows, toNumber } from "../db/native-read";
import { COUNTED_JUDGMENT, PREFERRED_LEFT, PREFERS_A, PREFERS_B, SIDED_NON_TIE, histogramColumns } from "./judgment-sql";
import { SCALES } from "../studies/domain/scales";
import { pairKey, type PreferenceUnit } from "./domain/side-by-side-report";
import type { ScoreUnit } from "./domain/single-sided-report";
import type { PromptAttributes } from "./domain/slices";


export async function findStudy(db: Db, where: { id: string } | { name: string }) {
  return db.study.findFirst({
    where,
    select: { id: true, name: true, type: true, redundancy: true, pairing: true, verdictRule: true,
      models: { orderBy: { position: "asc" }, select: { role: true, model: { select: { name: true } } } } },
  });
}

interface ItemKey {
  promptId: string;
  /** the model of the item's (first) response: model A of a side-by-side pair */
  model: string;
  /** model B of a side-by-side pair; "" for single-sided */
  modelB: string;
}

/** What the grouped pass needs to turn item and dimension ids into prompts, models and keys. */
export async function studyKeys(db: Db, studyId: string) {
  const [items, dims] = await Promise.all([
    nativeRows(db, `
      SELECT i."id", i."promptId", m."name", mb."name"
      FROM "Item" i JOIN "Response" r ON r."id" = i."responseId" JOIN "Model" m ON m."id" = r."modelId"
      LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId" LEFT JOIN "Model" mb ON mb."id" = rb."modelId"
      WHERE i."studyId" = ?`, [studyId]),
    db.dimension.findMany({ select: { id: true, key: true } }),
  ]);
  return { items: new Map<string, ItemKey>(items.map((i) => [String(i[0]), { promptId: String(i[1]), model: String(i[2]), modelB: i[3] == null ? "" : String(i[3]) }])),
    dims: new Map(dims.map((d) => [d.id, d.key])) };
}

// Counted judgments of the study, with a value ("cannot assess" rows carry none).
const COUNTED = `j."studyId" = ? AND ${COUNTED_JUDGMENT}`;

/**
 * Side-by-side judgments grouped by item (one per prompt) and dimension, read from the covering
 * index alone, on the engine's own driver (a third of a million groups at 1M judgments).
 */
export async function preferenceUnits(db: Db, studyId: string): Promise<PreferenceUnit[]> {
  const [rows, keys] = await Promise.all([nativeRows(db, `
    SELECT j."itemId", j."dimensionId", COUNT(*), SUM(j."preference"), SUM(j."preference" * j."preference"),
      SUM(${PREFERRED_LEFT}), SUM(${SIDED_NON_TIE}), SUM(${PREFERS_A}), SUM(${PREFERS_B}), ${histogramColumns("preference", SCALES.SIDE_BY_SIDE)}
    FROM "Judgment" j
    WHERE ${COUNTED} AND j."preference" IS NOT NULL
    GROUP BY j."itemId", j."dimensionId"`, [studyId]), studyKeys(db, studyId)]);
  return rows.map((r) => {
    const item = keys.items.get(String(r[0]))!;
    return { promptId: item.promptId, pair: pairKey(item.model, item.modelB), dimension: keys.dims.get(String(r[1]))!, n: toNumber(r[2]),
      sum: toNumber(r[3]), sumSq: toNumber(r[4]), leftWins: toNumber(r[5]), sidedNonTies: toNumber(r[6]),
      positive: toNumber(r[7]), negative: toNumber(r[8]), histogram: r.slice(9, 16).map(toNumber) };
  });
}

/** Single-sided judgments grouped by item (one per prompt and model) and dimension, on the same terms. */
export async function scoreUnits(db: Db, studyId: string): Promise<ScoreUnit[]> {
  const [rows, keys] = await Promise.all([nativeRows(db, `
    SELECT j."itemId", j."dimensionId", COUNT(*), SUM(j."score"), SUM(j."score" * j."score"), SUM(CASE WHEN j."score" >= 4 THEN 1 ELSE 0 END),
      ${histogramColumns("score", SCALES.SINGLE_SIDED)}
    FROM "Judgment" j
    WHERE ${COUNTED} AND j."score" IS NOT NULL
    GROUP BY j."itemId", j."dimensionId"`, [studyId]), studyKeys(db, studyId)]);
  return rows.map((r) => {
    const item = keys.items.get(String(r[0]))!;
    return { promptId: item.promptId, model: item.model, dimension: keys.dims.get(String(r[1]))!, n: toNumber(r[2]),
      sum: toNumber(r[3]), sumSq: toNumber(r[4]), topBox: toNumber(r[5]), histogram: r.slice(6, 11).map(toNumber) };
  });
}

export async function promptAttributes(db: Db, studyId: string): Promise<Map<string, PromptAttributes>> {
  const rows = await db.$queryRaw<{ id: string; locale: string; region: string; category: string; modality: string }[]>`
    SELECT p."id" AS "id", p."localeCode" AS "locale", l."region" AS "region", p."category" AS "category", p."modality" AS "modality"
    FROM "Prompt" p JOIN "Locale" l ON l."code" = p."localeCode"
    WHERE p."id" IN (SELECT DISTINCT i."promptId" FROM "Item" i WHERE i."studyId" = ${studyId} AND i."control" = 'NONE')`;
  return new Map(rows.map((r) => [r.id, { locale: r.locale, region: r.region, category: r.category, modality: r.modality as PromptAttributes["modality"] }]));
}

/** The bare grouped pass the report is measured against (bench/analytics.ts): count and sum per item and dimension. */
export async function bareGroupedPass(db: Db, studyId: string): Promise<number> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT j."itemId", j."dimensionId", COUNT(*) AS "n", SUM(j."preference") AS "s"
    FROM "Judgment" j
    WHERE j."studyId" = ${studyId}
    GROUP BY j."itemId", j."dimensionId"`;
  return rows.length;
}

/** Judgments a researcher's exclusion keeps out of the results (current, on study material), per dimension. */
export async function excludedByDimension(db: Db, studyId: string): Promise<{ dimension: string; judgments: number }[]> {
  const rows = await nativeRows(db, `
    SELECT d."key", COUNT(*) FROM "Judgment" j JOIN "Dimension" d ON d."id" = j."dimensionId"
    WHERE j."studyId" = ? AND j."superseded" = false AND j."control" = false AND j."excludedById" IS NOT NULL
    GROUP BY d."key" ORDER BY d."key"`, [studyId]);
  return rows.map((r) => ({ dimension: String(r[0]), judgments: toNumber(r[1]) }));
}
