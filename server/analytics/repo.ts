// The analytics queries: one grouped pass over a study's judgments per study type, plus the
// attributes of its prompts. Raw SQL, written to run unchanged on SQLite and PostgreSQL.
import type { Db } from "../db/client";
import type { ColumnarRows } from "../db/columnar-rows";
import { nativeColumns, nativeRows, toNumber } from "../db/native-read";
import { COUNTED_JUDGMENT, PREFERRED_LEFT, SIDED_NON_TIE, histogramColumns, packedHistogram } from "./judgment-sql";
import { SCALES } from "../studies/domain/scales";
import { unpackHistogram } from "./domain/packed-histogram";
import { unitTallyGroups } from "./unit-tally-groups";
import { PREFERENCE_POINTS, pairKey, unitOfHistogram, type PreferenceUnit } from "./domain/side-by-side-report";
import { SCORE_POINTS, type ScoreUnit } from "./domain/single-sided-report";
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


/** A study's counted judgments grouped by item and dimension, as columns (see readUnits). */
interface UnitColumns {
  length: number;
  item: { codes: Int32Array; values: unknown[] };
  dimension: { codes: Int32Array; values: unknown[] };
  /** the `extra` sums, one column each */
  sums: Float64Array[];
  /** writes row r's histogram into `into` and returns a key equal for equal histograms */
  histogram(r: number, into: number[]): number | string;
}

/**
 * A study's counted judgments grouped by item and dimension, read from the covering index alone on
 * the engine's own driver: per group the item, the dimension, its histogram over the scale and
 * `extra` sums. The histogram comes packed (one SUM, see packedHistogram); when some group's
 * decoded total disagrees with its count (more equal judgments than a field holds), the study is
 * read again with a column per point.
 */
async function readUnits(db: Db, studyId: string, column: "preference" | "score", extra: string[]): Promise<UnitColumns> {
  const scale = column === "preference" ? SCALES.SIDE_BY_SIDE : SCALES.SINGLE_SIDED;
  const points = scale.max - scale.min + 1;
  const where = `WHERE ${COUNTED} AND j."${column}" IS NOT NULL GROUP BY j."itemId", j."dimensionId"`;
  const sums = extra.map((x) => `SUM(${x}), `).join("");
  const e = extra.length;
  const head = (c: ColumnarRows) => ({ length: c.length, item: c.dictionary(0), dimension: c.dictionary(1), sums: extra.map((_, i) => c.numbers(2 + i)) });
  const packed = await nativeColumns(db, `SELECT j."itemId", j."dimensionId", ${sums}COUNT(*), ${packedHistogram(column, scale)} FROM "Judgment" j ${where}`, [studyId]);
  const counts = packed.numbers(2 + e);
  const keys = packed.numbers(3 + e);
  const scratch = new Array<number>(points);
  let fits = true;
  for (let r = 0; r < packed.length && fits; r++) fits = unpackHistogram(keys[r], points, scratch) === counts[r];
  if (fits) return { ...head(packed), histogram: (r, into) => { unpackHistogram(keys[r], points, into); return keys[r]; } };
  const columns = await nativeColumns(db, `SELECT j."itemId", j."dimensionId", ${sums}${histogramColumns(column, scale)} FROM "Judgment" j ${where}`, [studyId]);
  const perPoint = Array.from({ length: points }, (_, p) => columns.numbers(2 + e + p));
  return { ...head(columns), histogram: (r, into) => { for (let p = 0; p < points; p++) into[p] = perPoint[p][r]; return into.join(","); } };
}

/** Side-by-side units, one per prompt (the item's pair) and dimension: the planner's input, which needs every prompt's sums. */
export async function preferenceUnits(db: Db, studyId: string): Promise<PreferenceUnit[]> {
  const [u, keys] = await Promise.all([readUnits(db, studyId, "preference", [PREFERRED_LEFT, SIDED_NON_TIE]), studyKeys(db, studyId)]);
  const [leftWins, sidedNonTies] = u.sums;
  const items = u.item.values.map((id) => { const item = keys.items.get(String(id))!; return { promptId: item.promptId, pair: pairKey(item.model, item.modelB) }; });
  const dimensions = u.dimension.values.map((id) => keys.dims.get(String(id))!);
  const units: PreferenceUnit[] = [];
  for (let r = 0; r < u.length; r++) {
    const item = items[u.item.codes[r]];
    const histogram = new Array<number>(PREFERENCE_POINTS);
    u.histogram(r, histogram);
    const unit = unitOfHistogram(item.promptId, dimensions[u.dimension.codes[r]], histogram, leftWins[r], sidedNonTies[r]);
    unit.pair = item.pair;
    units.push(unit);
  }
  return units;
}

/**
 * Side-by-side units grouped by what they count as (unit-tally-groups.ts): the report's and the
 * dashboard's input. Prompts of one pair that share their slices, histogram and position counts
 * are interchangeable for every side-by-side statistic, so each group is one unit whose `count`
 * says how many prompts it stands for. Its promptId names its combination of slices in
 * `attributes`, which the report's slicing and the dashboard's filters read as they read a prompt's.
 */
export async function preferenceUnitGroups(db: Db, studyId: string): Promise<{ units: PreferenceUnit[]; attributes: Map<string, PromptAttributes> }> {
  const attributes = new Map<string, PromptAttributes>();
  const units = (await unitTallyGroups(db, studyId, {}, PREFERENCE_POINTS)).map((g) => {
    const a = g.attributes;
    const slices = `${a.locale}\u0000${a.region}\u0000${a.category}\u0000${a.modality}`;
    attributes.set(slices, a);
    const unit = unitOfHistogram(slices, g.dimension, g.histogram, g.leftWins, g.sidedNonTies);
    unit.pair = pairKey(g.modelA, g.modelB);
    unit.count = g.units;
    return unit;
  });
  return { units, attributes };
}

/** Single-sided judgments grouped by item (one per prompt and model) and dimension, on the same terms. */
export async function scoreUnits(db: Db, studyId: string): Promise<ScoreUnit[]> {
  const [u, keys] = await Promise.all([readUnits(db, studyId, "score", []), studyKeys(db, studyId)]);
  const items = u.item.values.map((id) => keys.items.get(String(id))!);
  const dimensions = u.dimension.values.map((id) => keys.dims.get(String(id))!);
  const units: ScoreUnit[] = [];
  for (let r = 0; r < u.length; r++) {
    const item = items[u.item.codes[r]];
    const histogram = new Array<number>(SCORE_POINTS);
    u.histogram(r, histogram);
    let n = 0, sum = 0, sumSq = 0;
    for (let p = 0; p < SCORE_POINTS; p++) {
      const score = p + SCALES.SINGLE_SIDED.min;
      n += histogram[p]; sum += histogram[p] * score; sumSq += histogram[p] * score * score;
    }
    // top box: scores 4 and 5
    units.push({ promptId: item.promptId, model: item.model, dimension: dimensions[u.dimension.codes[r]], n, sum, sumSq, topBox: histogram[3] + histogram[4], histogram });
  }
  return units;
}

export async function promptAttributes(db: Db, studyId: string): Promise<Map<string, PromptAttributes>> {
  // The driver's rows (on a read worker with SQLite): through Prisma, a study of 83,000 prompts
  // took half a second of the server's own thread, while the judgments were read beside it.
  const rows = await nativeRows(db, `
    SELECT p."id", p."localeCode", l."region", p."category", p."modality"
    FROM "Prompt" p JOIN "Locale" l ON l."code" = p."localeCode"
    WHERE p."id" IN (SELECT DISTINCT i."promptId" FROM "Item" i WHERE i."studyId" = ? AND i."control" = 'NONE')`, [studyId]);
  return new Map(rows.map((r) => [String(r[0]), { locale: String(r[1]), region: String(r[2]), category: String(r[3]), modality: String(r[4]) as PromptAttributes["modality"] }]));
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
