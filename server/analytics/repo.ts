// The analytics queries: a study's units as the unit tallies hold them (grouped by what the
// side-by-side statistics depend on, or one row per unit), plus the attributes of its prompts. Raw
// SQL, written to run unchanged on SQLite and PostgreSQL.
import { engineOf, type Db } from "../db/client";
import { nativeColumns, nativeRows, toNumber } from "../db/native-read";
import { inTurns } from "../db/read-shares";
import { LIST_SEPARATOR, splitJoinedList } from "../db/joined-list";
import { unitTallyGroups } from "./unit-tally-groups";
import { PREFERENCE_POINTS, pairKey, unitOfHistogram, type PreferenceUnit } from "./domain/side-by-side-report";
import { SCORE_POINTS, type ScoreUnitColumns } from "./domain/single-sided-report";
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

/** A study's units (an item on a dimension) as UnitTally keeps them, as columns (see tallyUnits). */
interface UnitColumns {
  length: number;
  item: { codes: Int32Array; values: unknown[] };
  /** the item's (first) response's model: model A of a side-by-side pair */
  model: { codes: Int32Array; values: unknown[] };
  dimension: { codes: Int32Array; values: unknown[] };
  /** judgments per point of the scale, one column per point (`points` of them) */
  histogram: Float64Array[];
  leftWins: Float64Array;
  sidedNonTies: Float64Array;
}

/**
 * Every unit of a study with its counted judgments summed (UnitTally, kept by the database's
 * triggers), one row each, read from the table's covering index on the engine's own driver: a
 * million judgments are a third of a million rows, and no judgment is read.
 */
async function tallyUnits(db: Db, studyId: string, points: number): Promise<UnitColumns> {
  const histogram = Array.from({ length: points }, (_, p) => `"h${p}"`).join(", ");
  const c = await nativeColumns(db, `SELECT "itemId", "modelId", "dimensionId", ${histogram}, "leftWins", "sidedNonTies" FROM "UnitTally" WHERE "studyId" = ?`, [studyId]);
  return { length: c.length, item: c.dictionary(0), model: c.dictionary(1), dimension: c.dictionary(2), histogram: Array.from({ length: points }, (_, p) => c.numbers(3 + p)),
    leftWins: c.numbers(3 + points), sidedNonTies: c.numbers(4 + points) };
}

/**
 * Side-by-side units, one per prompt (the item's pair) and dimension: every prompt on its own, the
 * reference the grouped reads (preferenceUnitGroups, which the report, the dashboard and the
 * planner use) are checked against in the integration tests.
 */
export async function preferenceUnits(db: Db, studyId: string): Promise<PreferenceUnit[]> {
  const [u, keys] = await Promise.all([tallyUnits(db, studyId, PREFERENCE_POINTS), studyKeys(db, studyId)]);
  const items = u.item.values.map((id) => { const item = keys.items.get(String(id))!; return { promptId: item.promptId, pair: pairKey(item.model, item.modelB) }; });
  const dimensions = u.dimension.values.map((id) => keys.dims.get(String(id))!);
  const units: PreferenceUnit[] = [];
  for (let r = 0; r < u.length; r++) {
    const item = items[u.item.codes[r]];
    const histogram = u.histogram.map((h) => h[r]);
    const unit = unitOfHistogram(item.promptId, dimensions[u.dimension.codes[r]], histogram, u.leftWins[r], u.sidedNonTies[r]);
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

/**
 * Single-sided units, one per item (a prompt and a model) and dimension, as columns from the unit
 * tallies' covering index, in parts (ScoreSeries.addColumns sums each): a share of the study's
 * dimensions each, read at the same time (read-shares.ts). The last part takes every dimension
 * the others do not, so that units of a dimension the study no longer lists are read too. The
 * items' prompts and the models' names are read beside them.
 */
export async function scoreUnitColumns(db: Db, studyId: string): Promise<ScoreUnitColumns[]> {
  const listed = (await db.studyDimension.findMany({ where: { studyId }, orderBy: { position: "asc" }, select: { dimensionId: true } })).map((d) => d.dimensionId);
  const shares = inTurns(listed);
  const others = (k: number) => shares.filter((_, j) => j !== k).flat();
  const where = (ids: string[], not: boolean) => `"studyId" = ?${ids.length ? ` AND "dimensionId" ${not ? "NOT IN" : "IN"} (${ids.map(() => "?").join(", ")})` : ""}`;
  const inShares = <T>(read: (where: string, params: string[]) => Promise<T>) => Promise.all(shares.length === 0 ? [read(where([], true), [studyId])]
    : shares.map((share, k) => (k < shares.length - 1 ? read(where(share, false), [studyId, ...share]) : read(where(others(k), true), [studyId, ...others(k)]))));
  const names = Promise.all([db.model.findMany({ select: { id: true, name: true } }), db.dimension.findMany({ select: { id: true, key: true } })])
    .then(([models, dims]) => ({ model: new Map(models.map((m) => [m.id, m.name])), dimension: new Map(dims.map((d) => [d.id, d.key])) }));
  const histogram = Array.from({ length: SCORE_POINTS }, (_, p) => `"h${p}"`).join(", ");
  if (engineOf(db) === "sqlite") {
    // Units grouped in the index's order (dimension, model, slice, histogram), their items joined
    // into one list per group: a million judgments make a third of a million units but about ten
    // thousand groups, and better-sqlite3 hands over rows at about a microsecond each, more than
    // SQLite takes to find them (0.8 s against 0.25 s; docs/performance.md). PostgreSQL's driver
    // streams rows cheaply and its grouping costs more than it saves there, so it reads rows.
    const [parts, items, name] = await Promise.all([
      inShares((w, params) => nativeRows(db, `
        SELECT "dimensionId", "modelId", ${histogram}, COUNT(*), string_agg("itemId", '${LIST_SEPARATOR}')
        FROM "UnitTally" WHERE ${w}
        GROUP BY "dimensionId", "modelId", "baselineModelId", "localeCode", "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6"`, params)),
      // Both lists in id order, so that the n-th prompt is the n-th item's.
      nativeRows(db, `SELECT COUNT(*), string_agg("id", '${LIST_SEPARATOR}' ORDER BY "id"), string_agg("promptId", '${LIST_SEPARATOR}' ORDER BY "id") FROM "Item" WHERE "studyId" = ?`, [studyId]),
      names,
    ]);
    const itemCount = toNumber(items[0]?.[0]);
    const itemIds = splitJoinedList(items[0]?.[1], itemCount, "the study's items");
    const promptOf = splitJoinedList(items[0]?.[2], itemCount, "the study's items' prompts");
    const itemCode = new Map<string, number>();
    itemIds.forEach((id, k) => itemCode.set(id, k));
    return parts.map((groups) => unitColumnsOfGroups(groups, itemCode, promptOf, name.model, name.dimension)).filter((c) => c.length > 0);
  }
  const [parts, items, name] = await Promise.all([
    inShares((w, params) => nativeColumns(db, `SELECT "itemId", "modelId", "dimensionId", ${histogram} FROM "UnitTally" WHERE ${w}`, params)),
    nativeColumns(db, `SELECT i."id", i."promptId" FROM "Item" i WHERE i."studyId" = ?`, [studyId]),
    names,
  ]);
  const itemIds = items.dictionary(0);
  const promptIds = items.dictionary(1);
  const promptOfItem = new Map<string, string>();
  for (let r = 0; r < items.length; r++) promptOfItem.set(String(itemIds.values[itemIds.codes[r]]), String(promptIds.values[promptIds.codes[r]]));
  return parts.filter((c) => c.length > 0).map((c) => {
    const [item, model, dimension] = [c.dictionary(0), c.dictionary(1), c.dictionary(2)];
    return {
      length: c.length,
      item: item.codes, promptOf: item.values.map((id) => promptOfItem.get(String(id))!),
      model: model.codes, models: model.values.map((id) => name.model.get(String(id))!),
      dimension: dimension.codes, dimensions: dimension.values.map((id) => name.dimension.get(String(id))!),
      histogram: Array.from({ length: SCORE_POINTS }, (_, p) => c.numbers(3 + p)),
    };
  });
}

/** One share's groups (dimension, model, histogram, count, joined items) as a unit per row. */
function unitColumnsOfGroups(groups: unknown[][], itemCode: Map<string, number>, promptOf: string[], modelName: Map<string, string>, dimensionKey: Map<string, string>): ScoreUnitColumns {
  const length = groups.reduce((n, g) => n + toNumber(g[2 + SCORE_POINTS]), 0);
  const c: ScoreUnitColumns = {
    length, item: new Int32Array(length), promptOf, model: new Int32Array(length), models: [], dimension: new Int32Array(length), dimensions: [],
    histogram: Array.from({ length: SCORE_POINTS }, () => new Float64Array(length)),
  };
  const modelCode = new Map<string, number>();
  const dimensionCode = new Map<string, number>();
  let r = 0;
  for (const g of groups) {
    const [dimensionId, modelId] = [String(g[0]), String(g[1])];
    let d = dimensionCode.get(dimensionId);
    if (d === undefined) dimensionCode.set(dimensionId, (d = c.dimensions.push(dimensionKey.get(dimensionId)!) - 1));
    let m = modelCode.get(modelId);
    if (m === undefined) modelCode.set(modelId, (m = c.models.push(modelName.get(modelId)!) - 1));
    const units = splitJoinedList(g[3 + SCORE_POINTS], toNumber(g[2 + SCORE_POINTS]), "a unit group's items");
    const end = r + units.length;
    c.dimension.fill(d, r, end);
    c.model.fill(m, r, end);
    for (let p = 0; p < SCORE_POINTS; p++) c.histogram[p].fill(toNumber(g[2 + p]), r, end);
    for (const id of units) {
      const k = itemCode.get(id);
      if (k === undefined) throw new Error(`unit tally of item ${id}, which is not the study's`);
      c.item[r++] = k;
    }
  }
  return c;
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

/**
 * Judgments a researcher's exclusion keeps out of the results (current, on study material), per
 * dimension. It reads every judgment of the study: ask only when the study has exclusions in force.
 */
export async function excludedByDimension(db: Db, studyId: string): Promise<{ dimension: string; judgments: number }[]> {
  const rows = await nativeRows(db, `
    SELECT d."key", COUNT(*) FROM "Judgment" j JOIN "Dimension" d ON d."id" = j."dimensionId"
    WHERE j."studyId" = ? AND j."superseded" = false AND j."control" = false AND j."excludedById" IS NOT NULL
    GROUP BY d."key" ORDER BY d."key"`, [studyId]);
  return rows.map((r) => ({ dimension: String(r[0]), judgments: toNumber(r[1]) }));
}
