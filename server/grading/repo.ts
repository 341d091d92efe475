import type { Db, Tx } from "../db/client";
import { DIMENSION_SCOPE_FIELDS } from "../studies/domain/modality";

// What the grading pages need beyond the hot path (lease and submit live in hot-path.ts, on the
// engines' own drivers): queue counts, skip, release, live leases, and a study's dimensions.

/** A study's dimensions and scales, fixed when the study is created. */
export const studyDimensions = (tx: Db | Tx, studyId: string) =>
  tx.studyDimension.findMany({
    where: { studyId },
    orderBy: { position: "asc" },
    select: { dimensionId: true, scaleMin: true, scaleMax: true,
      dimension: { select: { key: true, label: true, description: true, ...DIMENSION_SCOPE_FIELDS } } },
  });

export const setAssignmentStatus = (tx: Db | Tx, id: string, data: { status: "SKIPPED" | "RELEASED"; skipReason?: string }) =>
  tx.assignment.update({ where: { id }, data });

export const findOwnAssignment = (db: Db, id: string, graderId: string) =>
  db.assignment.findFirst({ where: { id, graderId }, select: { id: true, status: true } });

export const findAssignment = (db: Db, id: string) =>
  db.assignment.findUnique({ where: { id }, select: { id: true, status: true, expiresAt: true, studyId: true } });

export const runningStudiesFor = (db: Db, locales: string[]) =>
  db.study.findMany({
    where: { status: "RUNNING", locales: { some: { localeCode: { in: locales } } } },
    orderBy: { startedAt: "asc" },
    select: { id: true, graderTitle: true, type: true, redundancy: true },
  });

export async function queueCounts(db: Db, studyIds: string[], graderId: string, locales: string[]) {
  const [mine, pool] = await Promise.all([
    db.assignment.groupBy({ by: ["studyId"], where: { studyId: { in: studyIds }, graderId, status: "SUBMITTED" }, _count: { _all: true } }),
    db.item.groupBy({ by: ["studyId"], where: { studyId: { in: studyIds }, localeCode: { in: locales }, control: "NONE" },
      _count: { _all: true }, _sum: { submittedCount: true } }),
  ]);
  return {
    mine: new Map(mine.map((r) => [r.studyId, r._count._all])),
    pool: new Map(pool.map((r) => [r.studyId, { items: r._count._all, submitted: r._sum.submittedCount ?? 0 }])),
  };
}

export const liveLeasesOfStudy = (db: Db, studyId: string, now: Date) =>
  db.assignment.findMany({
    where: { studyId, status: "LEASED", expiresAt: { gt: now } },
    orderBy: { leasedAt: "asc" },
    select: { id: true, leasedAt: true, expiresAt: true, grader: { select: { displayName: true, email: true } },
      item: { select: { prompt: { select: { externalId: true, localeCode: true } } } } },
  });

/** Items of the study a grader could still be given: in their locales, study material, short of k, never assigned to them. */
export const itemsLeftFor = (db: Db, studyId: string, graderId: string, locales: string[], redundancy: number) =>
  db.item.count({ where: { studyId, localeCode: { in: locales }, control: "NONE", submittedCount: { lt: redundancy }, assignments: { none: { graderId } } } });

/** What was stored for an assignment: each dimension's key with its preference (candidate-relative) or score. */
export const storedAnswers = (db: Db, assignmentId: string) =>
  db.judgment.findMany({ where: { assignmentId, superseded: false }, select: { preference: true, score: true, candidateSide: true, dimension: { select: { key: true } } } });

