// Quality control's queries: control items and their expected answers, exclusions, qualification
// results, and the per-grader reads the diagnostics are computed from.
import { engineOf, type Db, type Tx } from "../db/client";
import type { DatabaseTarget } from "../db/database-url";
import { sqliteDateTime } from "../db/sqlite-date-time";
import { numberedPlaceholders, pgTimestamp } from "../db/pg-native";
import { nativeColumns, nativeRows, toNumber } from "../db/native-read";
import type { ReportFilter } from "../analytics/domain/report-filter";
import { COUNTED_JUDGMENT } from "../analytics/judgment-sql";
import { judgmentFilter } from "../dashboards/repo";
import type { ControlKind } from "./domain/control-rows";
import type { Expectation } from "./domain/gold-answer";
import type { CodedLabels } from "./domain/dawid-skene";
import { labelsByDimension } from "./domain/labels-by-dimension";
import { VERDICT_CODE_BASE, VERDICT_LIST_SEPARATOR, joinVerdictLabelColumns, verdictLabelColumns } from "./domain/verdict-lists";
import { READ_SHARES, inTurns } from "../db/read-shares";

export const qualitySettingsOf = (db: Db | Tx, studyId: string) =>
  db.study.findUnique({
    where: { id: studyId },
    select: { id: true, name: true, type: true, status: true, goldRate: true, requireQualification: true, qualificationPassRate: true, minTaskSeconds: true,
      dimensions: { orderBy: { position: "asc" }, select: { dimensionId: true, scaleMin: true, scaleMax: true, dimension: { select: { key: true, label: true } } } } },
  });

export const updateQualitySettings = (db: Db, studyId: string, data: { goldRate: number; requireQualification: boolean; qualificationPassRate: number; minTaskSeconds: number }) =>
  db.study.update({ where: { id: studyId }, data });

export const countControlItems = (db: Db | Tx, studyId: string, control: ControlKind) => db.item.count({ where: { studyId, control } });

/** The study's items for these prompts (by external id), with the model each shows. */
export const itemsForPrompts = (db: Db, studyId: string, externalIds: string[]) =>
  db.item.findMany({
    where: { studyId, prompt: { externalId: { in: externalIds } } },
    select: { id: true, control: true, prompt: { select: { externalId: true } }, response: { select: { model: { select: { name: true } } } } },
  });

export interface ControlMark {
  itemId: string;
  kind: ControlKind;
  explanation: string;
  expectations: (Expectation & { dimensionId: string })[];
}

/** Makes items of the study control items (replacing earlier expectations); their judgments stop counting. */
export async function markControlItems(tx: Tx, studyId: string, marks: ControlMark[]) {
  for (const m of marks) {
    await tx.item.update({ where: { id: m.itemId }, data: { control: m.kind, explanation: m.explanation } });
    await tx.goldExpectation.deleteMany({ where: { itemId: m.itemId } });
    await tx.goldExpectation.createMany({ data: m.expectations.map((e) => ({ itemId: m.itemId, dimensionId: e.dimensionId, verdict: e.verdict, scoreMin: e.scoreMin, scoreMax: e.scoreMax })) });
    // With the study named, an item's judgments are found by the report index (Judgment has no index on the item alone).
    await tx.judgment.updateMany({ where: { studyId, itemId: m.itemId }, data: { control: true } });
  }
}

/** Back to study material: expectations go, the item's judgments count again. */
export async function unmarkControlItem(tx: Tx, studyId: string, itemId: string) {
  await tx.item.update({ where: { id: itemId }, data: { control: "NONE", explanation: null } });
  await tx.goldExpectation.deleteMany({ where: { itemId } });
  await tx.judgment.updateMany({ where: { studyId, itemId }, data: { control: false } });
}

export const findItem = (db: Db, id: string) => db.item.findUnique({ where: { id }, select: { id: true, studyId: true, control: true } });

export const controlItemsOf = (db: Db, studyId: string) =>
  db.item.findMany({
    where: { studyId, control: { not: "NONE" } },
    orderBy: [{ control: "asc" }, { createdAt: "asc" }],
    select: { id: true, control: true, explanation: true, localeCode: true,
      prompt: { select: { externalId: true, text: true } }, response: { select: { model: { select: { name: true } } } },
      expectations: { select: { verdict: true, scoreMin: true, scoreMax: true, dimension: { select: { key: true, label: true } } } } },
  });

export interface GoldAnswerRow extends Expectation {
  graderId: string;
  assignmentId: string;
  itemId: string;
  control: ControlKind;
  dimension: string;
  preference: number | null;
  score: number | null;
}

/** Current answers on control items that have an expected answer for their dimension (read from the control items, a few rows). */
export async function goldAnswers(db: Db, studyId: string, f: ReportFilter): Promise<GoldAnswerRow[]> {
  const where = judgmentFilter(studyId, f);
  const rows = await nativeRows(db, `
    SELECT j."graderId", j."assignmentId", j."itemId", i."control", d."key", j."preference", j."score", e."verdict", e."scoreMin", e."scoreMax"
    FROM "Item" i
    JOIN "Judgment" j ON j."itemId" = i."id"
    JOIN "GoldExpectation" e ON e."itemId" = j."itemId" AND e."dimensionId" = j."dimensionId"
    JOIN "Dimension" d ON d."id" = j."dimensionId"
    WHERE i."studyId" = ? AND i."control" <> 'NONE' AND ${where.sql} AND j."superseded" = false AND j."control" = true`, [studyId, ...where.params]);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({ graderId: String(r[0]), assignmentId: String(r[1]), itemId: String(r[2]), control: String(r[3]) as ControlKind, dimension: String(r[4]),
    preference: num(r[5]), score: num(r[6]), verdict: (r[7] ?? null) as Expectation["verdict"], scoreMin: num(r[8]), scoreMax: num(r[9]) }));
}

/**
 * Agreement with the other graders, counted by the database: per (item, dimension) the number of
 * judgments in each answer class, then per grader the pairs with everyone else on their units and
 * how many agree (the definition in domain/peer-agreement.ts, which the integration test checks
 * this against). Side-by-side classes: the sign; single-sided: scores within one point.
 */
export async function agreementTallies(db: Db, studyId: string, type: "SIDE_BY_SIDE" | "SINGLE_SIDED", f: ReportFilter): Promise<Map<string, { agreeing: number; pairs: number }>> {
  const where = judgmentFilter(studyId, f);
  const base = `${where.sql} AND j."superseded" = false AND j."control" = false`;
  const sideBySide = type === "SIDE_BY_SIDE";
  const value = sideBySide ? `j."preference"` : `j."score"`;
  const classes = sideBySide
    ? [`${value} < 0`, `${value} = 0`, `${value} > 0`]
    : [1, 2, 3, 4, 5].map((v) => `${value} = ${v}`);
  const counts = classes.map((c, k) => `SUM(CASE WHEN ${c} THEN 1 ELSE 0 END) AS c${k}`).join(", ");
  // The others a judgment agrees with: its own class (side-by-side), or its score and its neighbours.
  const agreeing = sideBySide
    ? `CASE WHEN ${value} < 0 THEN u.c0 WHEN ${value} = 0 THEN u.c1 ELSE u.c2 END`
    : `CASE ${value} WHEN 1 THEN u.c0 + u.c1 WHEN 2 THEN u.c0 + u.c1 + u.c2 WHEN 3 THEN u.c1 + u.c2 + u.c3 WHEN 4 THEN u.c2 + u.c3 + u.c4 ELSE u.c3 + u.c4 END`;
  const rows = await nativeRows(db, `
    SELECT j."graderId", SUM(u.n - 1), SUM(${agreeing} - 1)
    FROM "Judgment" j
    JOIN (SELECT j."itemId" AS item, j."dimensionId" AS dim, COUNT(*) AS n, ${counts}
          FROM "Judgment" j WHERE ${base} AND ${value} IS NOT NULL GROUP BY j."itemId", j."dimensionId") u
      ON u.item = j."itemId" AND u.dim = j."dimensionId"
    WHERE ${base} AND ${value} IS NOT NULL AND u.n >= 2
    GROUP BY j."graderId"`, [...where.params, ...where.params]);
  return new Map(rows.map((r) => [String(r[0]), { pairs: toNumber(r[1]), agreeing: toNumber(r[2]) }]));
}

/** A judgment's verdict as a class: 0 baseline better, 1 about the same, 2 candidate better. */
const VERDICT_CLASS = `CASE WHEN j."preference" > 0 THEN 2 WHEN j."preference" < 0 THEN 0 ELSE 1 END`;

/**
 * The counted side-by-side verdicts of these dimensions (label 0 baseline better, 1 about the
 * same, 2 candidate better) over what the filter keeps, as coded labels per dimension id (items
 * and graders numbered in order of first appearance among that dimension's labels); a dimension
 * without any is absent.
 */
export async function countedVerdictLabels(db: Db, studyId: string, f: ReportFilter, dimensionIds: string[]): Promise<Map<string, CodedLabels>> {
  if (dimensionIds.length === 0) return new Map();
  if (engineOf(db) === "sqlite") return countedVerdictLabelsAsLists(db, studyId, f, dimensionIds);
  // PostgreSQL's driver streams rows cheaply: each share of the dimensions read as rows, the shares at once.
  const shares = await Promise.all(inTurns(dimensionIds).map((share) => countedVerdictLabelRows(db, studyId, f, share)));
  return new Map(shares.flatMap((m) => [...m]));
}

/** One pass over the study's judgments for these dimensions, one row per label, coded (no object or text key per judgment). */
export async function countedVerdictLabelRows(db: Db, studyId: string, f: ReportFilter, dimensionIds: string[]): Promise<Map<string, CodedLabels>> {
  const where = judgmentFilter(studyId, f);
  const c = await nativeColumns(db, `
    SELECT j."dimensionId", j."itemId", j."graderId", ${VERDICT_CLASS}
    FROM "Judgment" j
    WHERE ${where.sql} AND j."dimensionId" IN (${dimensionIds.map(() => "?").join(", ")}) AND ${COUNTED_JUDGMENT} AND j."preference" IS NOT NULL`,
  [...where.params, ...dimensionIds]);
  const [dimension, item, grader] = [0, 1, 2].map((i) => c.dictionary(i));
  const split = labelsByDimension(dimension.codes, item.codes, grader.codes, c.numbers(3));
  return new Map([...split].map(([code, labels]) => [String(dimension.values[code]), labels]));
}

/**
 * SQLite: the study's items in consecutive ranges read at once (read-shares.ts), each range's
 * labels joined into one list per item (verdict-lists.ts). Per-label rows cost better-sqlite3 about
 * two microseconds each (three text values), and splitting by dimension made every share walk the
 * study's whole index range; the lists take half the time at a million judgments. The lists follow
 * the report index (item, dimension, …), so each dimension's labels come in the order the
 * per-label read gave them, and the fits are the same.
 */
async function countedVerdictLabelsAsLists(db: Db, studyId: string, f: ReportFilter, dimensionIds: string[]): Promise<Map<string, CodedLabels>> {
  const bounds = await itemRangeBounds(db, studyId, READ_SHARES);
  const ranges = [null, ...bounds].map((from, k) => ({ from, to: k < bounds.length ? bounds[k] : null }));
  const parts = await Promise.all(ranges.map(async (range) => {
    const { sql, params } = verdictListsStatement(studyId, f, dimensionIds, range);
    return verdictLabelColumns(await nativeRows(db, sql, params), dimensionIds.length);
  }));
  const all = joinVerdictLabelColumns(parts);
  const split = labelsByDimension(all.dimension, all.item, all.grader, all.label);
  return new Map([...split].map(([d, labels]) => [dimensionIds[d], labels]));
}

/**
 * SQLite: one range's statement of the list read, one row per item (label count, joined labels).
 * It reads Judgment_report_idx alone, the grader included (quality.int.test.ts checks the plan).
 */
export function verdictListsStatement(studyId: string, f: ReportFilter, dimensionIds: string[], range: { from: string | null; to: string | null }): { sql: string; params: unknown[] } {
  const where = judgmentFilter(studyId, f);
  const code = `CASE j."dimensionId" ${dimensionIds.map((_, d) => `WHEN ? THEN ${VERDICT_CODE_BASE + d * 3}`).join(" ")} END + ${VERDICT_CLASS}`;
  const bounds = `${range.from === null ? "" : ` AND j."itemId" >= ?`}${range.to === null ? "" : ` AND j."itemId" < ?`}`;
  return {
    sql: `
      SELECT COUNT(*), string_agg(j."graderId" || char(${code}), '${VERDICT_LIST_SEPARATOR}')
      FROM "Judgment" j
      WHERE ${where.sql}${bounds} AND j."dimensionId" IN (${dimensionIds.map(() => "?").join(", ")}) AND ${COUNTED_JUDGMENT} AND j."preference" IS NOT NULL
      GROUP BY j."itemId"`,
    params: [...dimensionIds, ...where.params, ...[range.from, range.to].filter((b) => b !== null), ...dimensionIds],
  };
}

/** Item ids that cut the study's items into `parts` ranges of about equal size (fewer for a study of few items). */
async function itemRangeBounds(db: Db, studyId: string, parts: number): Promise<string[]> {
  const n = await db.item.count({ where: { studyId } });
  const bounds: string[] = [];
  for (let k = 1; k < parts; k++) {
    const at = Math.floor((n * k) / parts);
    if (at === 0 || at >= n) continue;
    const row = await db.item.findFirst({ where: { studyId }, orderBy: { id: "asc" }, skip: at, select: { id: true } });
    if (row && row.id !== bounds.at(-1)) bounds.push(row.id);
  }
  return bounds;
}

// ---- Exclusions ----

export const findExclusion = (db: Db, id: string) => db.exclusion.findUnique({ where: { id }, select: { id: true, studyId: true, graderId: true, revokedAt: true } });

/** Every judgment belongs to an assignment of the same study and grader, so the assignments tell. */
export const isGraderInStudy = async (db: Db, studyId: string, graderId: string) => (await db.assignment.count({ where: { studyId, graderId } })) > 0;

/**
 * Runs an exclusion change with grading held still. On PostgreSQL an EXCLUSIVE lock on
 * Assignment waits for leases and submissions in flight (they lock assignment rows) and holds new
 * ones for the few milliseconds this takes, so a judgment submitted meanwhile cannot miss the
 * exclusion. On SQLite the first write takes the database's one write lock, which does the same.
 */
export async function withGradingHeld<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    if (engineOf(db) === "pg") await tx.$executeRawUnsafe(`LOCK TABLE "Assignment" IN EXCLUSIVE MODE`);
    return fn(tx);
  });
}

export const insertExclusion = (tx: Tx, x: { studyId: string; graderId: string; fromAt: Date | null; untilAt: Date | null; reason: string; createdById: string }) =>
  tx.exclusion.create({ data: x, select: { id: true } });

export const markRevoked = (tx: Tx, id: string, by: string, at: Date) => tx.exclusion.update({ where: { id }, data: { revokedAt: at, revokedById: by } });

/**
 * One grader's judgments in a study, found through their assignments: Judgment has no index on the
 * grader (prisma/models.prisma), and its report index would make every statement walk the whole
 * study. Each judgment belongs to an assignment of its own study and grader. Params: study, grader.
 */
export const GRADER_JUDGMENTS = `"assignmentId" IN (SELECT a."id" FROM "Assignment" a WHERE a."studyId" = ? AND a."graderId" = ?)`;

/**
 * Re-marks one grader's judgments in a study from their active exclusions, oldest first: each
 * judgment names the first exclusion whose window holds its submission time, or none.
 */
export async function reapplyExclusions(tx: Tx, engine: DatabaseTarget["engine"], studyId: string, graderId: string) {
  const run = (sql: string, params: unknown[]) => tx.$executeRawUnsafe(engine === "pg" ? numberedPlaceholders(sql) : sql, ...params);
  // Times as each engine stores them (SQLite: the text Prisma writes, compared as text).
  const time = engine === "pg" ? { mark: "?::timestamp(3)", of: pgTimestamp } : { mark: "?", of: sqliteDateTime };
  await run(`UPDATE "Judgment" SET "excludedById" = NULL WHERE ${GRADER_JUDGMENTS} AND "excludedById" IS NOT NULL`, [studyId, graderId]);
  const active = await tx.exclusion.findMany({ where: { studyId, graderId, revokedAt: null }, orderBy: { createdAt: "asc" } });
  for (const x of active) {
    const conditions = [GRADER_JUDGMENTS, `"excludedById" IS NULL`];
    const params: unknown[] = [x.id, studyId, graderId];
    if (x.fromAt) {
      conditions.push(`"submittedAt" >= ${time.mark}`);
      params.push(time.of(x.fromAt));
    }
    if (x.untilAt) {
      conditions.push(`"submittedAt" < ${time.mark}`);
      params.push(time.of(x.untilAt));
    }
    await run(`UPDATE "Judgment" SET "excludedById" = ? WHERE ${conditions.join(" AND ")}`, params);
  }
}

/** Every exclusion of the study, revoked ones too, with the judgments each keeps out now and who made and undid it. */
export async function exclusionsOf(db: Db, studyId: string) {
  const list = await db.exclusion.findMany({
    where: { studyId }, orderBy: { createdAt: "desc" },
    select: { id: true, graderId: true, fromAt: true, untilAt: true, reason: true, createdAt: true, revokedAt: true, createdById: true, revokedById: true,
      grader: { select: { displayName: true, email: true } } },
  });
  // Counting excluded judgments reads every judgment of the study (0.1 s at a million, on the
  // server's own thread with SQLite): only a study with exclusions can have any.
  if (list.length === 0) return [];
  const counts = await db.judgment.groupBy({ by: ["excludedById"], where: { studyId, excludedById: { not: null }, superseded: false, control: false }, _count: { _all: true } });
  const n = new Map(counts.map((c) => [c.excludedById!, c._count._all]));
  const actorIds = [...new Set(list.flatMap((x) => [x.createdById, x.revokedById]).filter((x): x is string => !!x))];
  const actors = new Map((await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, displayName: true } })).map((u) => [u.id, u.displayName]));
  return list.map(({ createdById, revokedById, ...x }) => ({ ...x, judgments: n.get(x.id) ?? 0,
    createdBy: actors.get(createdById ?? "") ?? null, revokedBy: actors.get(revokedById ?? "") ?? null }));
}

/** Graders who have been given work in the study, for choosing whom to exclude. */
export const gradersOfStudy = (db: Db, studyId: string) =>
  db.user.findMany({ where: { assignments: { some: { studyId } } }, orderBy: { displayName: "asc" }, select: { id: true, displayName: true, email: true } });

// ---- Serving control items ----

/** Control items of these kinds in the grader's locales that they have never been assigned. */
export const unseenControlItems = (db: Db, studyId: string, graderId: string, locales: string[], kinds: ControlKind[]) =>
  db.item.findMany({
    where: { studyId, control: { in: kinds }, localeCode: { in: locales }, assignments: { none: { graderId } } },
    select: { id: true }, take: 50,
  });

/** Every task the grader has been given in the study: the position in their sequence. */
export const tasksSoFar = (db: Db, studyId: string, graderId: string) => db.assignment.count({ where: { studyId, graderId } });

export const qualificationOf = (db: Db, studyId: string, graderId: string) =>
  db.qualification.findUnique({ where: { studyId_graderId: { studyId, graderId } } });

export async function saveQualification(db: Db, r: { studyId: string; graderId: string; correct: number; total: number; passed: boolean }) {
  // Two tabs may finish at once: the first result stands.
  await db.qualification.upsert({ where: { studyId_graderId: { studyId: r.studyId, graderId: r.graderId } }, create: r, update: {} });
  return (await qualificationOf(db, r.studyId, r.graderId))!;
}

/** The grader's qualification tasks with what they answered and what was expected, per checked dimension. */
export const qualificationTasks = (db: Db, studyId: string, graderId: string) =>
  db.assignment.findMany({
    where: { studyId, graderId, item: { control: "QUALIFICATION" } },
    orderBy: { leasedAt: "asc" },
    select: { id: true, status: true, candidateSide: true, expiresAt: true,
      judgments: { where: { superseded: false }, select: { dimensionId: true, preference: true, score: true } },
      item: { select: { explanation: true, prompt: { select: { text: true } },
        expectations: { select: { dimensionId: true, verdict: true, scoreMin: true, scoreMax: true, dimension: { select: { key: true, label: true } } } } } } },
  });
