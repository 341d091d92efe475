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

/**
 * Side-by-side judgments grouped by prompt and dimension. Counted: current (not superseded),
 * not surplus, with a preference ("cannot assess" rows carry none).
 */
export async function preferenceUnits(db: Db, studyId: string): Promise<PreferenceUnit[]> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT i."promptId" AS "promptId", d."key" AS "dimension", COUNT(*) AS "n", SUM(j."preference") AS "sum",
      SUM(j."preference" * j."preference") AS "sumSq",
      SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END) AS "leftWins",
      SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END) AS "sidedNonTies"
    FROM "Judgment" j
    JOIN "Item" i ON i."id" = j."itemId"
    JOIN "Dimension" d ON d."id" = j."dimensionId"
    WHERE j."studyId" = ${studyId} AND j."superseded" = false AND j."surplus" = false AND j."preference" IS NOT NULL
    GROUP BY i."promptId", d."key"`;
  return rows.map((r) => ({ promptId: String(r.promptId), dimension: String(r.dimension), n: num(r.n), sum: num(r.sum),
    sumSq: num(r.sumSq), leftWins: num(r.leftWins), sidedNonTies: num(r.sidedNonTies) }));
}

/** Single-sided judgments grouped by prompt, dimension and model, on the same terms. */
export async function scoreUnits(db: Db, studyId: string): Promise<ScoreUnit[]> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT i."promptId" AS "promptId", d."key" AS "dimension", m."name" AS "model", COUNT(*) AS "n", SUM(j."score") AS "sum",
      SUM(j."score" * j."score") AS "sumSq", SUM(CASE WHEN j."score" >= 4 THEN 1 ELSE 0 END) AS "topBox"
    FROM "Judgment" j
    JOIN "Item" i ON i."id" = j."itemId"
    JOIN "Response" r ON r."id" = i."responseId"
    JOIN "Model" m ON m."id" = r."modelId"
    JOIN "Dimension" d ON d."id" = j."dimensionId"
    WHERE j."studyId" = ${studyId} AND j."superseded" = false AND j."surplus" = false AND j."score" IS NOT NULL
    GROUP BY i."promptId", d."key", m."name"`;
  return rows.map((r) => ({ promptId: String(r.promptId), dimension: String(r.dimension), model: String(r.model), n: num(r.n),
    sum: num(r.sum), sumSq: num(r.sumSq), topBox: num(r.topBox) }));
}

export async function promptAttributes(db: Db, studyId: string): Promise<Map<string, PromptAttributes>> {
  const rows = await db.$queryRaw<{ id: string; locale: string; region: string; category: string; modality: string }[]>`
    SELECT p."id" AS "id", p."localeCode" AS "locale", l."region" AS "region", p."category" AS "category", p."modality" AS "modality"
    FROM "Prompt" p JOIN "Locale" l ON l."code" = p."localeCode"
    WHERE p."id" IN (SELECT DISTINCT i."promptId" FROM "Item" i WHERE i."studyId" = ${studyId})`;
  return new Map(rows.map((r) => [r.id, { locale: r.locale, region: r.region, category: r.category, modality: r.modality as PromptAttributes["modality"] }]));
}

/** The bare grouped pass the report is measured against (bench/report.ts). */
export async function bareGroupedPass(db: Db, studyId: string): Promise<number> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT i."promptId", j."dimensionId", COUNT(*) AS "n", SUM(j."preference") AS "s"
    FROM "Judgment" j JOIN "Item" i ON i."id" = j."itemId"
    WHERE j."studyId" = ${studyId}
    GROUP BY i."promptId", j."dimensionId"`;
  return rows.length;
}
