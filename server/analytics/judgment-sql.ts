// SQL fragments over judgments `j` that the report and the dashboards must define the same way.
import { packedBits } from "./domain/packed-histogram";

/**
 * Counted judgments: current (a correction supersedes the row it corrects), not surplus, not made
 * on a control item (gold, attention, qualification), and not excluded by a researcher.
 */
export const COUNTED_JUDGMENT = `j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL`;

/** 1 for a non-tie judgment that preferred the response shown on the left (position bias). */
export const PREFERRED_LEFT = `CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END`;

/** 1 for a non-tie judgment whose side is known (made in Verdict, not imported). */
export const SIDED_NON_TIE = `CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END`;

/** 1 for a judgment preferring model A (the candidate), and for one preferring model B: a prompt's majority and split. */
export const PREFERS_A = `CASE WHEN j."preference" > 0 THEN 1 ELSE 0 END`;
export const PREFERS_B = `CASE WHEN j."preference" < 0 THEN 1 ELSE 0 END`;

/**
 * One column per point of a scale, counting the judgments that gave it: a unit's histogram, from
 * which Krippendorff's alpha of any metric follows (domain/alpha-tally.ts).
 */
export function histogramColumns(column: "preference" | "score", scale: { min: number; max: number }, alias?: string): string {
  const cols: string[] = [];
  for (let v = scale.min; v <= scale.max; v++) {
    cols.push(`SUM(CASE WHEN j."${column}" = ${v} THEN 1 ELSE 0 END)${alias ? ` AS ${alias}${v - scale.min}` : ""}`);
  }
  return cols.join(", ");
}


/**
 * A unit's histogram over the scale as one sum (domain/packed-histogram.ts): each judgment adds
 * 2^(bits · point). Half the cost of histogramColumns in SQLite; the reader checks every decoded
 * total against COUNT(*) and reads histogramColumns instead when one point overflowed its field.
 */
export function packedHistogram(column: "preference" | "score", scale: { min: number; max: number }): string {
  return `SUM(CAST(1 AS BIGINT) << (${packedBits(scale.max - scale.min + 1)} * (j."${column}" - (${scale.min}))))`;
}

/**
 * One study's counted judgments (the study id in `param`) summed per unit as UnitTally holds them:
 * item, dimension, study, h0..h6 (preference −3..+3, or score 1..5 in h0..h4), left wins and
 * sided non-ties. The import's recount inserts it; bench:reliability compares the table with it.
 */
export function unitTallyOfJudgments(param: string): string {
  const points = [0, 1, 2, 3, 4, 5, 6].map((k) => `SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = ${k} THEN 1 ELSE 0 END) AS "h${k}"`).join(", ");
  return `SELECT j."itemId", j."dimensionId", j."studyId", ${points}, SUM(${PREFERRED_LEFT}) AS "leftWins", SUM(${SIDED_NON_TIE}) AS "sidedNonTies"
      FROM "Judgment" j
      WHERE j."studyId" = ${param} AND ${COUNTED_JUDGMENT} AND COALESCE(j."preference", j."score") IS NOT NULL
      GROUP BY j."itemId", j."dimensionId", j."studyId"`;
}
