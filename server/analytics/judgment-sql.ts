// SQL fragments over judgments `j` that the report and the dashboards must define the same way.

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

/** A judgment's value on the study's scale: a preference (side-by-side) or a score (single-sided); a study has one kind. */
const VALUE = `COALESCE(j."preference", j."score")`;

/**
 * One study's counted judgments (the study id in `param`) summed per unit as UnitTally holds them:
 * item, dimension, study, h0..h6 (preference −3..+3, or score 1..5 in h0..h4), left wins and
 * sided non-ties. The import's recount inserts it; bench:reliability compares the table with it.
 */
export function unitTallyOfJudgments(param: string): string {
  const points = [0, 1, 2, 3, 4, 5, 6].map((k) => `SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = ${k} THEN 1 ELSE 0 END) AS "h${k}"`).join(", ");
  return `SELECT j."itemId", j."dimensionId", j."studyId", ${points}, SUM(${PREFERRED_LEFT}) AS "leftWins", SUM(${SIDED_NON_TIE}) AS "sidedNonTies"
      FROM "Judgment" j
      WHERE j."studyId" = ${param} AND ${COUNTED_JUDGMENT} AND ${VALUE} IS NOT NULL
      GROUP BY j."itemId", j."dimensionId", j."studyId"`;
}

/** 1 for a judgment flagged "cannot assess" or "unsafe". */
export const FLAGGED = `CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END`;

/** A judgment that takes part in peer agreement: current, on study material, with a value. */
export const AGREEMENT_PEER = `j."superseded" = false AND j."control" = false AND ${VALUE} IS NOT NULL`;

/** TaskTally's columns in the order taskTallySelect produces them. */
export const TASK_TALLY_COLUMNS = ["assignmentId", "studyId", "itemId", "graderId", "judgments", "withPreference", "ties", "leftWins", "sidedNonTies",
  "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs", "answered", "minValue", "maxValue", "agreePairs", "agreeing"] as const;

/**
 * Per task (assignment), the sums TaskTally holds over the current judgments `j` that `where`
 * keeps: `pairs` and `agreeing` say, for one judgment taking part in agreement, how many other
 * graders' judgments on its unit it is compared with and how many of those agree.
 */
export function taskTallySelect(from: string, where: string, pairs: string, agreeing: string): string {
  return `SELECT j."assignmentId", j."studyId", j."itemId", j."graderId", COUNT(*),
      SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
      SUM(${PREFERRED_LEFT}), SUM(${SIDED_NON_TIE}), MAX(${FLAGGED}), MAX(CASE WHEN ${FLAGGED} = 1 THEN j."submittedAt" END),
      MAX(j."submittedAt"), MAX(j."timeSpentMs"), COUNT(${VALUE}), MIN(${VALUE}), MAX(${VALUE}),
      SUM(CASE WHEN ${AGREEMENT_PEER} THEN ${pairs} ELSE 0 END), SUM(CASE WHEN ${AGREEMENT_PEER} THEN ${agreeing} ELSE 0 END)
    FROM ${from}
    WHERE ${where} AND j."superseded" = false
    GROUP BY j."assignmentId", j."studyId", j."itemId", j."graderId"`;
}

/**
 * Every task's tally of one study (the study id in `param`), or of every study (`param` null),
 * from its judgments: each unit's answers counted once by class, then joined to its judgments.
 * Side-by-side judgments agree on the same sign; single-sided scores within one point. The
 * import's recount and the migration's backfill insert it; bench:reliability compares the table
 * with it; the triggers compute the same per task (migration 0017_task_tallies).
 */
export function taskTallyOfJudgments(param: string | null): string {
  const inStudy = param === null ? "true" : `j."studyId" = ${param}`;
  const count = (cond: string, as: string) => `SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END) AS "${as}"`;
  const units = `SELECT j."itemId", j."dimensionId", COUNT(*) AS "n",
        ${count(`j."preference" < 0`, "below")}, ${count(`j."preference" = 0`, "level")}, ${count(`j."preference" > 0`, "above")},
        ${[1, 2, 3, 4, 5].map((s) => count(`j."score" = ${s}`, `s${s}`)).join(", ")}
      FROM "Judgment" j WHERE ${inStudy} AND ${AGREEMENT_PEER} GROUP BY j."itemId", j."dimensionId"`;
  const agreeing = `CASE WHEN j."preference" < 0 THEN u."below" WHEN j."preference" = 0 THEN u."level" WHEN j."preference" > 0 THEN u."above"
      WHEN j."score" = 1 THEN u."s1" + u."s2" WHEN j."score" = 2 THEN u."s1" + u."s2" + u."s3" WHEN j."score" = 3 THEN u."s2" + u."s3" + u."s4"
      WHEN j."score" = 4 THEN u."s3" + u."s4" + u."s5" ELSE u."s4" + u."s5" END - 1`;
  return taskTallySelect(`"Judgment" j LEFT JOIN (${units}) u ON u."itemId" = j."itemId" AND u."dimensionId" = j."dimensionId"`, inStudy, `u."n" - 1`, agreeing);
}

/**
 * A judgment's submission time in milliseconds since 1970 (UTC), computed by the database, per
 * engine: a million timestamps then arrive as numbers instead of as text to encode, hand over and
 * parse one by one (SQLite keeps Prisma's ISO text; a number there is milliseconds already; the
 * julian day's rounding error is a few hundredths of a millisecond, so ROUND gives it exactly).
 */
export const SUBMITTED_MILLIS = {
  sqlite: `CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN j."submittedAt" ELSE ROUND((julianday(j."submittedAt") - 2440587.5) * 86400000) END`,
  pg: `(EXTRACT(EPOCH FROM j."submittedAt") * 1000)::float8`,
} as const;
