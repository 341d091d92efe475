// The dashboards' own queries: the headline tallies summed in SQL, grader activity, flagged tasks,
// judgments in time order, and what a study can be filtered by. Filters become SQL conditions so
// that a million judgments are narrowed in the database, not in the app.
import { targetOf, type Db } from "../db/client";
import type { ColumnarRows } from "../db/columnar-rows";
import { nativeColumns, nativeRows, toMillis, toNumber } from "../db/native-read";
import type { TimedColumns } from "./domain/over-time";
import { narrowsPrompts, type ReportFilter } from "../analytics/domain/report-filter";
import { COUNTED_JUDGMENT, FLAGGED, PREFERRED_LEFT, SIDED_NON_TIE, SUBMITTED_MILLIS } from "../analytics/judgment-sql";
import { tallyFilter, unitTallyGroups } from "../analytics/unit-tally-groups";
import type { HistogramShift } from "./domain/histograms-by-hour";
import { PREFERENCE_POINTS } from "../analytics/domain/side-by-side-report";
import { SCORE_POINTS } from "../analytics/domain/single-sided-report";
import { DIMENSION_SCOPE_FIELDS, type Modality } from "../studies/domain/modality";
import { straightLining, type TaskAnswers } from "../quality/domain/straight-lining";
import type { GraderTally } from "./domain/grader-activity";
import { addCluster, type ClusterTally } from "../analytics/domain/cluster-bootstrap";

interface Clause {
  sql: string;
  params: unknown[];
}

const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** Conditions on judgments `j` for a study and a filter, with their parameters in order. */
export function judgmentFilter(studyId: string, f: ReportFilter): Clause {
  let sql = `j."studyId" = ?`;
  const params: unknown[] = [studyId];
  const promptConds: string[] = [];
  const promptParams: unknown[] = [];
  for (const [column, values] of [["localeCode", f.locales], ["category", f.categories], ["modality", f.modalities]] as const) {
    if (!values?.length) continue;
    promptConds.push(`p."${column}" IN (${marks(values.length)})`);
    promptParams.push(...values);
  }
  if (promptConds.length) {
    sql += ` AND j."itemId" IN (SELECT i."id" FROM "Item" i JOIN "Prompt" p ON p."id" = i."promptId" WHERE i."studyId" = ? AND ${promptConds.join(" AND ")})`;
    params.push(studyId, ...promptParams);
  }
  if (f.pair) {
    sql += ` AND j."itemId" IN (SELECT i."id" FROM "Item" i
      JOIN "Response" ra ON ra."id" = i."responseId" JOIN "Model" ma ON ma."id" = ra."modelId"
      JOIN "Response" rb ON rb."id" = i."baselineResponseId" JOIN "Model" mb ON mb."id" = rb."modelId"
      WHERE i."studyId" = ? AND ma."name" = ? AND mb."name" = ?)`;
    params.push(studyId, f.pair[0], f.pair[1]);
  }
  if (f.dimensions?.length) {
    sql += ` AND j."dimensionId" IN (SELECT d."id" FROM "Dimension" d WHERE d."key" IN (${marks(f.dimensions.length)}))`;
    params.push(...f.dimensions);
  }
  return { sql, params };
}

/** Prompts of one dimension that share their histogram and position counts: the headline's input. */
export interface PreferenceGroup {
  dimension: string;
  /** judgments per point of the preference scale, −3 … +3 */
  histogram: number[];
  /** non-tie judgments with a known side that preferred the left response, and such judgments */
  leftWins: number;
  sidedNonTies: number;
  prompts: number;
}

/**
 * Side-by-side prompts grouped by dimension, histogram and position counts: everything the
 * headline computes (verdicts under either rule, splits, alpha, position bias and their
 * intervals) follows from a prompt's histogram and left wins. Summed from the study's unit groups
 * (a few thousand rows read from UnitTally), not from its judgments.
 */
export async function sideBySideHeadlineGroups(db: Db, studyId: string, f: ReportFilter): Promise<PreferenceGroup[]> {
  const groups = new Map<string, PreferenceGroup>();
  for (const g of await unitTallyGroups(db, studyId, f, PREFERENCE_POINTS)) {
    const key = `${g.dimension}\u0000${g.histogram.join(",")}\u0000${g.leftWins}\u0000${g.sidedNonTies}`;
    const found = groups.get(key);
    if (found) found.prompts += g.units;
    else groups.set(key, { dimension: g.dimension, histogram: g.histogram, leftWins: g.leftWins, sidedNonTies: g.sidedNonTies, prompts: g.units });
  }
  return [...groups.values()];
}

/** Prompts of one model and dimension that share their histogram of scores. */
export interface ScoreGroup {
  dimension: string;
  model: string;
  /** scores per point of the 1..5 scale */
  histogram: number[];
  prompts: number;
}

/**
 * Single-sided prompts grouped by dimension, model and histogram of scores: the distributions of
 * prompt means and top-box shares the bootstraps resample, and alpha's units, from the study's
 * unit groups.
 */
export async function singleSidedHeadlineGroups(db: Db, studyId: string, f: ReportFilter): Promise<ScoreGroup[]> {
  const groups = new Map<string, ScoreGroup>();
  for (const g of await unitTallyGroups(db, studyId, f, SCORE_POINTS)) {
    const key = `${g.dimension}\u0000${g.modelA}\u0000${g.histogram.join(",")}`;
    const found = groups.get(key);
    if (found) found.prompts += g.units;
    else groups.set(key, { dimension: g.dimension, model: g.modelA, histogram: g.histogram, prompts: g.units });
  }
  return [...groups.values()];
}

export type GraderRow = GraderTally;

/** Each grader's work in a study as the quality section reads it (graderWork). */
export interface GraderWork {
  tallies: GraderRow[];
  /** each grader's task times (ms) */
  times: Map<string, number[]>;
  /** per grader: tasks with two or more answered dimensions, and those answered all alike */
  straightLining: Map<string, { uniform: number; tasks: number }>;
  /** per grader: judgment pairs with other graders on the same units, and those that agree; null when the caller must count them (quality/repo.agreementTallies) */
  agreement: Map<string, { agreeing: number; pairs: number }> | null;
  /** tasks flagged "cannot assess" or "unsafe", with their flagged judgments' latest submission */
  flagged: { assignmentId: string; at: number }[];
}

/**
 * Each grader's current work in the study (surplus included: it is work they did). Without a
 * dimension filter it is read from the tasks' tallies (TaskTally, kept by the database): per
 * grader sums, position counts and task times grouped in SQL, nothing per judgment. A dimension
 * filter cuts tasks apart, so it reads the judgments themselves (graderWorkOfJudgments).
 */
export async function graderWork(db: Db, studyId: string, type: "SIDE_BY_SIDE" | "SINGLE_SIDED", f: ReportFilter): Promise<GraderWork> {
  if (f.dimensions?.length) return graderWorkOfJudgments(db, studyId, type, f);
  const where = judgmentFilter(studyId, f);
  const from = `FROM "TaskTally" j WHERE ${where.sql}`;
  const [perGrader, positions, timed, flagged] = await Promise.all([
    nativeRows(db, `
      SELECT j."graderId", COUNT(*), SUM(j."judgments"), SUM(j."withPreference"), SUM(j."ties"), SUM(j."flagged"), MAX(j."lastSubmittedAt"),
        SUM(j."agreePairs"), SUM(j."agreeing"), SUM(CASE WHEN j."answered" >= 2 THEN 1 ELSE 0 END), SUM(CASE WHEN j."answered" >= 2 AND j."minValue" = j."maxValue" THEN 1 ELSE 0 END)
      ${from} GROUP BY j."graderId"`, where.params),
    nativeRows(db, `SELECT j."graderId", j."leftWins", j."sidedNonTies", COUNT(*) ${from} AND j."sidedNonTies" > 0 GROUP BY j."graderId", j."leftWins", j."sidedNonTies"`, where.params),
    nativeColumns(db, `SELECT j."graderId", j."timeSpentMs" ${from} AND j."timeSpentMs" IS NOT NULL`, where.params),
    nativeRows(db, `SELECT j."assignmentId", j."flaggedAt" ${from} AND j."flagged" = 1`, where.params),
  ]);
  const graderIds = perGrader.map((r) => String(r[0]));
  const names = await graderNames(db, graderIds);
  const clusters = new Map(graderIds.map((g): [string, ClusterTally] => [g, new Map()]));
  for (const r of positions) addCluster(clusters.get(String(r[0]))!, toNumber(r[1]), toNumber(r[2]), toNumber(r[3]));
  const tallies = perGrader.map((r): GraderRow => ({ graderId: String(r[0]), name: names.get(String(r[0])) ?? "", tasks: toNumber(r[1]), judgments: toNumber(r[2]),
    withPreference: toNumber(r[3]), ties: toNumber(r[4]), flaggedTasks: toNumber(r[5]), lastSubmittedAt: toMillis(r[6]),
    positionTasks: sortedClusters(clusters.get(String(r[0]))!) }));
  const times = new Map<string, number[]>();
  const grader = timed.dictionary(0);
  const spent = timed.numbers(1);
  const byCode = grader.values.map((g) => times.set(String(g), []).get(String(g))!);
  for (let r = 0; r < timed.length; r++) byCode[grader.codes[r]].push(spent[r]);
  return {
    tallies: tallies.sort(byGraderId), times,
    straightLining: new Map(perGrader.filter((r) => toNumber(r[9]) > 0).map((r) => [String(r[0]), { uniform: toNumber(r[10]), tasks: toNumber(r[9]) }])),
    agreement: new Map(perGrader.filter((r) => toNumber(r[7]) > 0).map((r) => [String(r[0]), { pairs: toNumber(r[7]), agreeing: toNumber(r[8]) }])),
    flagged: flagged.map((r) => ({ assignmentId: String(r[0]), at: toMillis(r[1]) })),
  };
}

const byGraderId = (a: GraderRow, b: GraderRow) => (a.graderId < b.graderId ? -1 : a.graderId > b.graderId ? 1 : 0);
const sortedClusters = (m: ClusterTally) => [...m.values()].sort((a, b) => a.successes - b.successes || a.trials - b.trials);

async function graderNames(db: Db, graderIds: string[]): Promise<Map<string, string>> {
  return new Map((await db.user.findMany({ where: { id: { in: graderIds } }, select: { id: true, displayName: true } })).map((u) => [u.id, u.displayName]));
}

/**
 * graderWork read from the judgments, in one pass grouped per task (one submission answers several
 * dimensions at once): per grader the tallies, each task's time, and each task's answers (for
 * straight-lining). Two grouped passes over the same judgments (one for the tallies, one for the
 * tasks) took twice as long.
 */
export async function graderWorkOfJudgments(db: Db, studyId: string, type: "SIDE_BY_SIDE" | "SINGLE_SIDED", f: ReportFilter): Promise<GraderWork> {
  const where = judgmentFilter(studyId, f);
  const value = type === "SIDE_BY_SIDE" ? `j."preference"` : `j."score"`;
  const c = await nativeColumns(db, `
    SELECT j."graderId", COUNT(*), SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
      SUM(${PREFERRED_LEFT}), SUM(${SIDED_NON_TIE}), MAX(${FLAGGED}), MAX(j."submittedAt"),
      MAX(j."timeSpentMs"), COUNT(${value}), MIN(${value}), MAX(${value}),
      CASE WHEN MAX(${FLAGGED}) = 1 THEN j."assignmentId" END, MAX(CASE WHEN ${FLAGGED} = 1 THEN j."submittedAt" END)
    FROM "Judgment" j
    WHERE ${where.sql} AND j."superseded" = false
    GROUP BY j."graderId", j."assignmentId"`, where.params);
  const grader = c.dictionary(0);
  const graderIds = grader.values.map(String);
  const [n, withPreference, ties, leftWins, sidedNonTies, flagged] = [1, 2, 3, 4, 5, 6].map((i) => c.numbers(i));
  const last = millisColumn(c, 7);
  const time = c.dictionary(8);
  const [answered, min, max] = [9, 10, 11].map((i) => c.numbers(i));
  const names = await graderNames(db, graderIds);
  const tallies = graderIds.map((graderId): GraderRow => ({ graderId, name: names.get(graderId) ?? "", judgments: 0, tasks: 0, withPreference: 0, ties: 0,
    positionTasks: [], flaggedTasks: 0, lastSubmittedAt: null }));
  const positions = graderIds.map((): ClusterTally => new Map());
  const times = new Map<string, number[]>();
  const tasks: TaskAnswers[] = [];
  const flaggedTask = c.dictionary(12);
  const flaggedAt = millisColumn(c, 13);
  const flaggedTasks: { assignmentId: string; at: number }[] = [];
  for (let r = 0; r < c.length; r++) {
    const g = tallies[grader.codes[r]];
    const assignmentId = flaggedTask.values[flaggedTask.codes[r]];
    if (assignmentId !== null && assignmentId !== undefined) flaggedTasks.push({ assignmentId: String(assignmentId), at: flaggedAt[r] });
    g.tasks++;
    g.judgments += n[r];
    g.withPreference += withPreference[r];
    g.ties += ties[r];
    g.flaggedTasks += flagged[r];
    if (sidedNonTies[r] > 0) addCluster(positions[grader.codes[r]], leftWins[r], sidedNonTies[r]);
    g.lastSubmittedAt = Math.max(g.lastSubmittedAt ?? -Infinity, last[r]);
    const spent = time.values[time.codes[r]];
    if (spent !== null && spent !== undefined) (times.get(g.graderId) ?? times.set(g.graderId, []).get(g.graderId)!).push(toNumber(spent));
    tasks.push({ graderId: g.graderId, answered: answered[r], min: min[r], max: max[r] });
  }
  tallies.forEach((g, i) => { g.positionTasks = sortedClusters(positions[i]); });
  return { tallies: tallies.sort(byGraderId), times, straightLining: straightLining(tasks), agreement: null, flagged: flaggedTasks };
}

/** A timestamp column as milliseconds: PostgreSQL's come as numbers already (columnar-rows.ts), SQLite's as text, converted once per distinct value. */
function millisColumn(c: ColumnarRows, i: number): Float64Array {
  if (c.isNumeric(i)) return c.numbers(i);
  const d = c.dictionary(i);
  const millis = d.values.map(toMillis);
  return Float64Array.from(d.codes, (k) => millis[k]);
}

export interface FlaggedTask {
  assignmentId: string;
  grader: string;
  promptId: string;
  locale: string;
  cannotAssess: boolean;
  harmful: boolean;
  comment: string;
  submittedAt: number;
}

/**
 * What the flagged-task list shows of the given tasks (graderWork finds them and picks the newest):
 * grader, prompt, which flags, the comment. Read by assignment, not by a scan of the study.
 */
export async function flaggedTaskDetails(db: Db, studyId: string, f: ReportFilter, assignmentIds: string[]): Promise<FlaggedTask[]> {
  if (assignmentIds.length === 0) return [];
  const where = judgmentFilter(studyId, f);
  const rows = await nativeRows(db, `
    SELECT j."assignmentId", u."displayName", p."externalId", p."localeCode",
      MAX(CASE WHEN j."cannotAssess" = true THEN 1 ELSE 0 END), MAX(CASE WHEN j."harmful" = true THEN 1 ELSE 0 END), MAX(j."comment"), MAX(j."submittedAt")
    FROM "Judgment" j JOIN "User" u ON u."id" = j."graderId" JOIN "Item" i ON i."id" = j."itemId" JOIN "Prompt" p ON p."id" = i."promptId"
    WHERE j."assignmentId" IN (${marks(assignmentIds.length)}) AND ${where.sql} AND j."superseded" = false AND ${FLAGGED} = 1
    GROUP BY j."assignmentId", u."displayName", p."externalId", p."localeCode"`, [...assignmentIds, ...where.params]);
  const byId = new Map(rows.map((r) => [String(r[0]), { assignmentId: String(r[0]), grader: String(r[1]), promptId: String(r[2]), locale: String(r[3]),
    cannotAssess: toNumber(r[4]) === 1, harmful: toNumber(r[5]) === 1, comment: r[6] === null ? "" : String(r[6]), submittedAt: toMillis(r[7]) }]));
  return assignmentIds.flatMap((id) => byId.get(id) ?? []);
}

/** Counted judgments as columns (domain/over-time.ts), with what the codes stand for. */
export interface TimedJudgments extends TimedColumns {
  /** item ids by code */
  itemIds: string[];
  /** dimension keys by code */
  dimensionKeys: string[];
}

/** Studies with more items than this are read in two halves side by side. */
const SPLIT_READ_ITEMS = 20_000;

/**
 * Counted judgments with their submission time, for the headline as judgments accumulate. A large
 * study is read as two halves of its items at once, one on each read worker (SQLite) or connection
 * (PostgreSQL): a million rows cost about a microsecond each to build in the driver, which one
 * core cannot share.
 */
export async function timedJudgments(db: Db, studyId: string, type: "SIDE_BY_SIDE" | "SINGLE_SIDED", f: ReportFilter, splitAbove = SPLIT_READ_ITEMS): Promise<TimedJudgments> {
  const where = judgmentFilter(studyId, f);
  const value = type === "SIDE_BY_SIDE" ? `j."preference"` : `j."score"`;
  const sql = `SELECT j."itemId", j."dimensionId", ${value}, ${SUBMITTED_MILLIS[targetOf(db).engine]}
    FROM "Judgment" j WHERE ${where.sql} AND ${COUNTED_JUDGMENT} AND ${value} IS NOT NULL`;
  // The study's item count and its middle item id, in one read.
  const [[items, middle]] = await nativeRows(db, `SELECT (SELECT COUNT(*) FROM "Item" i WHERE i."studyId" = ?),
    (SELECT i."id" FROM "Item" i WHERE i."studyId" = ? ORDER BY i."id" LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM "Item" i WHERE i."studyId" = ?))`, [studyId, studyId, studyId]);
  const half = toNumber(items) > splitAbove && middle !== null ? middle : undefined;
  const [parts, dims] = await Promise.all([
    half === undefined ? Promise.all([nativeColumns(db, sql, where.params)])
      : Promise.all([nativeColumns(db, `${sql} AND j."itemId" < ?`, [...where.params, half]), nativeColumns(db, `${sql} AND j."itemId" >= ?`, [...where.params, half])]),
    db.dimension.findMany({ select: { id: true, key: true } }),
  ]);
  const keyOf = new Map(dims.map((d) => [d.id, d.key]));
  // The halves' items are disjoint: the second's codes follow the first's. Dimensions are coded anew.
  const length = parts.reduce((n, c) => n + c.length, 0);
  const item = new Int32Array(length);
  const dimension = new Int32Array(length);
  const valueOut = new Float64Array(length);
  const at = new Float64Array(length);
  const itemIds: string[] = [];
  const dimensionIds: string[] = [];
  const dimensionCode = new Map<string, number>();
  let offset = 0;
  for (const c of parts) {
    const items = c.dictionary(0);
    const dimensions = c.dictionary(1);
    const codeOf = dimensions.values.map((id) => {
      const key = String(id);
      let code = dimensionCode.get(key);
      if (code === undefined) { code = dimensionIds.push(key) - 1; dimensionCode.set(key, code); }
      return code;
    });
    const base = itemIds.length;
    for (const id of items.values) itemIds.push(String(id));
    for (let r = 0; r < c.length; r++) {
      item[offset + r] = base + items.codes[r];
      dimension[offset + r] = codeOf[dimensions.codes[r]];
    }
    valueOut.set(c.numbers(2), offset);
    at.set(millisColumn(c, 3), offset);
    offset += c.length;
  }
  return { length, item, items: itemIds.length, itemIds, dimension, dimensions: dimensionIds.length,
    dimensionKeys: dimensionIds.map((id) => keyOf.get(id)!), value: valueOut, at };
}

/** A series of hourly shifts: a dimension (side-by-side, of the pair in view) or a dimension and model (single-sided). */
export interface ShiftSeries {
  dimension: string;
  model: string;
}

/**
 * The study's hourly histogram shifts (HourlyHistogramShift) of the pair and dimensions the filter
 * keeps, `points` of each histogram: a few thousand rows where the over-time replay reads every
 * judgment. Rows that sum to nothing are left out. The filter must not narrow the prompts.
 */
export async function hourlyShifts(db: Db, studyId: string, f: ReportFilter, points: number, byModel: boolean): Promise<{ shifts: HistogramShift[]; series: ShiftSeries[] }> {
  if (narrowsPrompts(f)) throw new Error("hourly shifts keep no prompt attributes: a filter on locale, category or modality replays the judgments");
  const where = tallyFilter(studyId, f);
  const rows = await nativeRows(db, `
    SELECT d."key", m."name", s."hour", ${[0, 1, 2, 3, 4, 5, 6].slice(0, points).map((k) => `s."h${k}"`).join(", ")}, s."units", s."judgments"
    FROM (SELECT * FROM "HourlyHistogramShift" WHERE ${where.sql}) s JOIN "Dimension" d ON d."id" = s."dimensionId" JOIN "Model" m ON m."id" = s."modelId"
    WHERE s."units" <> 0 OR s."judgments" <> 0`, where.params);
  const series: ShiftSeries[] = [];
  const code = new Map<string, number>();
  const shifts = rows.map((r) => {
    const key = byModel ? `${r[0]}\u0000${r[1]}` : String(r[0]);
    let s = code.get(key);
    if (s === undefined) {
      s = series.push({ dimension: String(r[0]), model: byModel ? String(r[1]) : "" }) - 1;
      code.set(key, s);
    }
    return { series: s, hour: toNumber(r[2]), histogram: r.slice(3, 3 + points).map(toNumber), units: toNumber(r[3 + points]), judgments: toNumber(r[4 + points]) };
  });
  return { shifts, series };
}

/** What the study's items can be filtered by, with item counts, and its dimensions in study order. */
export async function studyFacets(db: Db, studyId: string) {
  const [attrs, dims] = await Promise.all([
    nativeRows(db, `
      SELECT p."localeCode", l."region", p."category", p."modality", COUNT(*)
      FROM "Item" i JOIN "Prompt" p ON p."id" = i."promptId" JOIN "Locale" l ON l."code" = p."localeCode"
      WHERE i."studyId" = ? AND i."control" = 'NONE' GROUP BY p."localeCode", l."region", p."category", p."modality"`, [studyId]),
    db.studyDimension.findMany({ where: { studyId }, orderBy: { position: "asc" }, select: { dimension: { select: { key: true, label: true, ...DIMENSION_SCOPE_FIELDS } } } }),
  ]);
  return {
    combos: attrs.map((r) => ({ locale: String(r[0]), region: String(r[1]), category: String(r[2]), modality: String(r[3]) as Modality, items: toNumber(r[4]) })),
    dimensions: dims.map((d) => d.dimension),
  };
}

/**
 * Submitted work per dimension for the progress panel: judgments and "cannot assess" answers on
 * study material, in one pass over the study's range of the covering report index
 * (Judgment_report_idx holds every column read here): linear in the study, never visiting the table.
 */
export const PROGRESS_BY_DIMENSION_SQL = `
    SELECT j."dimensionId", COUNT(*), SUM(CASE WHEN j."cannotAssess" = true THEN 1 ELSE 0 END)
    FROM "Judgment" j
    WHERE j."studyId" = ? AND j."superseded" = false AND j."control" = false
    GROUP BY j."dimensionId"`;

export async function progressByDimension(db: Db, studyId: string) {
  const [rows, dims] = await Promise.all([
    nativeRows(db, PROGRESS_BY_DIMENSION_SQL, [studyId]),
    db.dimension.findMany({ select: { id: true, key: true, label: true } }),
  ]);
  const byId = new Map(dims.map((d) => [d.id, d]));
  return rows.map((r) => {
    const d = byId.get(String(r[0]))!;
    return { key: d.key, label: d.label, judgments: toNumber(r[1]), cannotAssess: toNumber(r[2]) };
  });
}

/** The pairs of a side-by-side study's items (model A, model B) with their study items, in the order the models were named. */
export async function studyPairs(db: Db, studyId: string): Promise<{ a: string; b: string; items: number }[]> {
  const rows = await nativeRows(db, `
    SELECT ma."name", mb."name", COUNT(*), MIN(sa."position"), MIN(sb."position")
    FROM "Item" i
    JOIN "Response" ra ON ra."id" = i."responseId" JOIN "Model" ma ON ma."id" = ra."modelId"
    JOIN "Response" rb ON rb."id" = i."baselineResponseId" JOIN "Model" mb ON mb."id" = rb."modelId"
    JOIN "StudyModel" sa ON sa."studyId" = i."studyId" AND sa."modelId" = ma."id"
    JOIN "StudyModel" sb ON sb."studyId" = i."studyId" AND sb."modelId" = mb."id"
    WHERE i."studyId" = ? AND i."control" = 'NONE'
    GROUP BY ma."name", mb."name"`, [studyId]);
  return rows.map((r) => ({ a: String(r[0]), b: String(r[1]), items: toNumber(r[2]), pa: toNumber(r[3]), pb: toNumber(r[4]) }))
    .sort((x, y) => x.pa - y.pa || x.pb - y.pb || x.a.localeCompare(y.a) || x.b.localeCompare(y.b))
    .map(({ a, b, items }) => ({ a, b, items }));
}
