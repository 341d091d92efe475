// The analytics queries: one grouped pass over a study's judgments per study type, plus the
// attributes of its prompts. Raw SQL, written to run unchanged on SQLite and PostgreSQL.
import type { Db } from "../db/client";
import type { PreferenceUnit } from "./domain/side-by-side-report";
import type { ScoreUnit } from "./domain/single-sided-report";
import type { PromptAttributes } from "./domain/slices";

const num = (v: unknown): number => (typeof v === "bigint" ? Number(v) : v === null || v === undefined ? 0 : Number(v));

export async function findStudy(db: Db, where: { id: string } | { name: string }) {
  return db.study.findFirst({
    where,
    select: { id: true, name: true, type: true, models: { select: { role: true, model: { select: { name: true } } } } },
  });
}

interface ItemKey {
  promptId: string;
  model: string;
}

/** What the grouped pass needs to turn item and dimension ids into prompts, models and keys. */
async function studyKeys(db: Db, studyId: string) {
  const [items, dims] = await Promise.all([
    db.$queryRaw<{ id: string; promptId: string; model: string }[]>`
      SELECT i."id" AS "id", i."promptId" AS "promptId", m."name" AS "model"
      FROM "Item" i JOIN "Response" r ON r."id" = i."responseId" JOIN "Model" m ON m."id" = r."modelId"
      WHERE i."studyId" = ${studyId}`,
    db.dimension.findMany({ select: { id: true, key: true } }),
  ]);
  return { items: new Map<string, ItemKey>(items.map((i) => [i.id, { promptId: i.promptId, model: i.model }])), dims: new Map(dims.map((d) => [d.id, d.key])) };
}

/**
 * Side-by-side judgments grouped by item (one per prompt) and dimension, read from the covering
 * index alone. Counted: current (not superseded), not surplus, with a preference ("cannot
 * assess" rows carry none).
 */
export async function preferenceUnits(db: Db, studyId: string): Promise<PreferenceUnit[]> {
  const [rows, keys] = await Promise.all([db.$queryRaw<Record<string, unknown>[]>`
    SELECT j."itemId" AS "itemId", j."dimensionId" AS "dimensionId", COUNT(*) AS "n", SUM(j."preference") AS "sum",
      SUM(j."preference" * j."preference") AS "sumSq",
      SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END) AS "leftWins",
      SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END) AS "sidedNonTies"
    FROM "Judgment" j
    WHERE j."studyId" = ${studyId} AND j."superseded" = false AND j."surplus" = false AND j."preference" IS NOT NULL
    GROUP BY j."itemId", j."dimensionId"`, studyKeys(db, studyId)]);
  return rows.map((r) => ({ promptId: keys.items.get(String(r.itemId))!.promptId, dimension: keys.dims.get(String(r.dimensionId))!, n: num(r.n),
    sum: num(r.sum), sumSq: num(r.sumSq), leftWins: num(r.leftWins), sidedNonTies: num(r.sidedNonTies) }));
}

/** Single-sided judgments grouped by item (one per prompt and model) and dimension, on the same terms. */
export async function scoreUnits(db: Db, studyId: string): Promise<ScoreUnit[]> {
  const [rows, keys] = await Promise.all([db.$queryRaw<Record<string, unknown>[]>`
    SELECT j."itemId" AS "itemId", j."dimensionId" AS "dimensionId", COUNT(*) AS "n", SUM(j."score") AS "sum",
      SUM(j."score" * j."score") AS "sumSq", SUM(CASE WHEN j."score" >= 4 THEN 1 ELSE 0 END) AS "topBox"
    FROM "Judgment" j
    WHERE j."studyId" = ${studyId} AND j."superseded" = false AND j."surplus" = false AND j."score" IS NOT NULL
    GROUP BY j."itemId", j."dimensionId"`, studyKeys(db, studyId)]);
  return rows.map((r) => {
    const item = keys.items.get(String(r.itemId))!;
    return { promptId: item.promptId, model: item.model, dimension: keys.dims.get(String(r.dimensionId))!, n: num(r.n),
      sum: num(r.sum), sumSq: num(r.sumSq), topBox: num(r.topBox) };
  });
}

export async function promptAttributes(db: Db, studyId: string): Promise<Map<string, PromptAttributes>> {
  const rows = await db.$queryRaw<{ id: string; locale: string; region: string; category: string; modality: string }[]>`
    SELECT p."id" AS "id", p."localeCode" AS "locale", l."region" AS "region", p."category" AS "category", p."modality" AS "modality"
    FROM "Prompt" p JOIN "Locale" l ON l."code" = p."localeCode"
    WHERE p."id" IN (SELECT DISTINCT i."promptId" FROM "Item" i WHERE i."studyId" = ${studyId})`;
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
