// A study's units (an item on a dimension) grouped by everything a report statistic depends on:
// the pair (or model), the prompt's slices, the dimension, the histogram over the scale and the
// position counts. Read from UnitTally, which database triggers keep summed as judgments are
// written (migration 0016_unit_tallies), through its covering index: a million judgments are a
// third of a million units there and a few thousand groups leave the database.
import type { Db } from "../db/client";
import { nativeRows, toNumber } from "../db/native-read";
import type { ReportFilter } from "./domain/report-filter";
import type { PromptAttributes } from "./domain/slices";

export interface UnitTallyGroup {
  dimension: string;
  /** the model of the items' (first) responses: model A of a side-by-side pair */
  modelA: string;
  /** model B of a side-by-side pair; "" single-sided */
  modelB: string;
  attributes: PromptAttributes;
  /** judgments per point of the scale, lowest point first (7 for preferences, the first 5 for scores) */
  histogram: number[];
  leftWins: number;
  sidedNonTies: number;
  /** units (prompts, on this dimension) in the group */
  units: number;
}

const HISTOGRAM = [0, 1, 2, 3, 4, 5, 6].map((k) => `"h${k}"`).join(", ");
const GROUPED = `"dimensionId", "modelId", "baselineModelId", "localeCode", "category", "modality", ${HISTOGRAM}, "leftWins", "sidedNonTies"`;
const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** The filter as conditions on UnitTally's own columns (HourlyHistogramShift's, without prompt filters), with their parameters in order. */
export function tallyFilter(studyId: string, f: ReportFilter): { sql: string; params: unknown[] } {
  let sql = `"studyId" = ?`;
  const params: unknown[] = [studyId];
  for (const [column, values] of [["localeCode", f.locales], ["category", f.categories], ["modality", f.modalities]] as const) {
    if (!values?.length) continue;
    sql += ` AND "${column}" IN (${marks(values.length)})`;
    params.push(...values);
  }
  if (f.pair) {
    sql += ` AND "modelId" IN (SELECT m."id" FROM "Model" m WHERE m."name" = ?) AND "baselineModelId" IN (SELECT m."id" FROM "Model" m WHERE m."name" = ?)`;
    params.push(f.pair[0], f.pair[1]);
  }
  if (f.dimensions?.length) {
    sql += ` AND "dimensionId" IN (SELECT d."id" FROM "Dimension" d WHERE d."key" IN (${marks(f.dimensions.length)}))`;
    params.push(...f.dimensions);
  }
  return { sql, params };
}

/** The study's units that pass the filter, grouped; `points` of each histogram are returned (7 preferences, 5 scores). */
export async function unitTallyGroups(db: Db, studyId: string, f: ReportFilter, points: number): Promise<UnitTallyGroup[]> {
  const where = tallyFilter(studyId, f);
  // Grouped in the index's own order (no sort), then named: the joins see a few thousand rows.
  const rows = await nativeRows(db, `
    SELECT d."key", ma."name", mb."name", g."localeCode", l."region", g."category", g."modality", ${HISTOGRAM}, g."leftWins", g."sidedNonTies", g."units"
    FROM (SELECT ${GROUPED}, COUNT(*) AS "units" FROM "UnitTally" WHERE ${where.sql} GROUP BY ${GROUPED}) g
      JOIN "Dimension" d ON d."id" = g."dimensionId" JOIN "Model" ma ON ma."id" = g."modelId"
      LEFT JOIN "Model" mb ON mb."id" = g."baselineModelId" JOIN "Locale" l ON l."code" = g."localeCode"`, where.params);
  return rows.map((r) => ({
    dimension: String(r[0]), modelA: String(r[1]), modelB: r[2] == null ? "" : String(r[2]),
    attributes: { locale: String(r[3]), region: String(r[4]), category: String(r[5]), modality: String(r[6]) as PromptAttributes["modality"] },
    histogram: r.slice(7, 7 + points).map(toNumber), leftWins: toNumber(r[14]), sidedNonTies: toNumber(r[15]), units: toNumber(r[16]),
  }));
}

/**
 * The counted judgments with a value (a preference or a score) of the study's units that pass the
 * filter: a sum over the unit tallies' covering index instead of a count over the judgments.
 */
export async function countedJudgmentsWithValue(db: Db, studyId: string, f: ReportFilter): Promise<number> {
  const where = tallyFilter(studyId, f);
  const [r] = await nativeRows(db, `SELECT SUM(${HISTOGRAM.replaceAll(", ", " + ")}) FROM "UnitTally" WHERE ${where.sql}`, where.params);
  return toNumber(r[0]);
}
