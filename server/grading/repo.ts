import type { Db, Tx } from "../db/client";

/** The parts of a study that change (status) or may be edited; read fresh on every request. */
export const studyState = (tx: Db | Tx, studyId: string) =>
  tx.study.findUnique({
    where: { id: studyId },
    select: { id: true, name: true, type: true, status: true, redundancy: true, leaseMinutes: true, guidelines: true,
      locales: { select: { localeCode: true } } },
  });

/** A study's dimensions and scales, fixed when the study is created. */
export const studyDimensions = (tx: Db | Tx, studyId: string) =>
  tx.studyDimension.findMany({
    where: { studyId },
    orderBy: { position: "asc" },
    select: { dimensionId: true, scaleMin: true, scaleMax: true,
      dimension: { select: { key: true, label: true, description: true, appliesToText: true, appliesToImage: true } } },
  });

export const liveLeaseOf = (tx: Db | Tx, studyId: string, graderId: string, now: Date) =>
  tx.assignment.findFirst({ where: { studyId, graderId, status: "LEASED", expiresAt: { gt: now } }, select: { id: true } });

/** Items the grader may take: their locales, not yet touched by them, still short of k accepted judgments. */
export const eligibleItems = (tx: Db | Tx, studyId: string, graderId: string, locales: string[], redundancy: number, take: number) =>
  tx.item.findMany({
    where: { studyId, localeCode: { in: locales }, submittedCount: { lt: redundancy }, assignments: { none: { graderId } } },
    orderBy: [{ submittedCount: "desc" }, { id: "asc" }],
    take,
    select: { id: true, submittedCount: true },
  });

export async function liveLeaseCounts(tx: Db | Tx, itemIds: string[], now: Date): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tx.assignment.groupBy({
    by: ["itemId"], where: { itemId: { in: itemIds }, status: "LEASED", expiresAt: { gt: now } }, _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.itemId, r._count._all]));
}

/** Serialises one grader's lease requests (several tabs, retries) with a no-op update of their row. */
export const lockGrader = (tx: Tx, graderId: string) =>
  tx.user.update({ where: { id: graderId }, data: { failedLoginCount: { increment: 0 } }, select: { id: true } });

/**
 * Takes the item's row lock (PostgreSQL) or the database write lock (SQLite) with a no-op update,
 * so that the capacity check that follows cannot interleave with another instance's.
 */
export const lockItem = (tx: Tx, itemId: string) =>
  tx.item.update({ where: { id: itemId }, data: { submittedCount: { increment: 0 } }, select: { submittedCount: true } });

/**
 * Locks an item for a lease attempt. On PostgreSQL an item another transaction is leasing right
 * now is skipped (FOR UPDATE SKIP LOCKED) rather than waited for: with many graders, waiting in
 * line for the same popular item is what makes leases slow. SQLite has one writer at a time anyway.
 * Returns null when the item was skipped.
 */
export async function lockItemForLease(tx: Tx, itemId: string, engine: "sqlite" | "pg"): Promise<{ submittedCount: number } | null> {
  if (engine === "sqlite") return lockItem(tx, itemId);
  const rows = await tx.$queryRaw<{ submittedCount: number }[]>`SELECT "submittedCount" FROM "Item" WHERE "id" = ${itemId} FOR UPDATE SKIP LOCKED`;
  return rows[0] ?? null;
}

export const countLiveLeases = (tx: Tx, itemId: string, now: Date) =>
  tx.assignment.count({ where: { itemId, status: "LEASED", expiresAt: { gt: now } } });

export const createLease = (tx: Tx, data: { studyId: string; itemId: string; graderId: string; candidateSide: "LEFT" | "RIGHT" | null; leasedAt: Date; expiresAt: Date }) =>
  tx.assignment.create({ data, select: { id: true } });

const responseView = { select: { text: true, attachments: { orderBy: { position: "asc" as const }, select: { id: true, fileName: true, mimeType: true } } } };

/** Everything a grader's task page needs. Deliberately selects no model and no response id. */
export const taskView = (db: Db | Tx, assignmentId: string, graderId: string) =>
  db.assignment.findFirst({
    where: { id: assignmentId, graderId },
    select: {
      id: true, status: true, candidateSide: true, expiresAt: true, studyId: true,
      item: { select: { prompt: { select: { text: true, localeCode: true, category: true, modality: true,
        attachments: { orderBy: { position: "asc" }, select: { id: true, fileName: true, mimeType: true } } } },
        response: responseView, baselineResponse: responseView } },
    },
  });

export const assignmentItem = (tx: Tx, assignmentId: string, graderId: string) =>
  tx.assignment.findFirst({ where: { id: assignmentId, graderId }, select: { itemId: true } });

export const assignmentForSubmit = (tx: Tx, assignmentId: string, graderId: string) =>
  tx.assignment.findFirst({
    where: { id: assignmentId, graderId },
    select: { id: true, status: true, itemId: true, studyId: true, candidateSide: true, surplus: true,
      item: { select: { prompt: { select: { modality: true } } } } },
  });

export async function storeSubmission(
  tx: Tx,
  a: { id: string; itemId: string; studyId: string; candidateSide: "LEFT" | "RIGHT" | null },
  graderId: string,
  rows: { dimensionId: string; preference: number | null; score: number | null }[],
  meta: { comment: string | null; cannotAssess: boolean; harmful: boolean; timeSpentMs: number | null; surplus: boolean; now: Date },
) {
  await tx.judgment.createMany({
    data: rows.map((r) => ({
      ...r, studyId: a.studyId, itemId: a.itemId, assignmentId: a.id, graderId, candidateSide: a.candidateSide,
      comment: meta.comment, cannotAssess: meta.cannotAssess, harmful: meta.harmful, timeSpentMs: meta.timeSpentMs,
      surplus: meta.surplus, submittedAt: meta.now,
    })),
  });
  await tx.assignment.update({ where: { id: a.id }, data: { status: "SUBMITTED", submittedAt: meta.now, surplus: meta.surplus } });
  if (!meta.surplus) await tx.item.update({ where: { id: a.itemId }, data: { submittedCount: { increment: 1 } } });
}

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
    select: { id: true, name: true, type: true, redundancy: true },
  });

export async function queueCounts(db: Db, studyIds: string[], graderId: string, locales: string[]) {
  const [mine, pool] = await Promise.all([
    db.assignment.groupBy({ by: ["studyId"], where: { studyId: { in: studyIds }, graderId, status: "SUBMITTED" }, _count: { _all: true } }),
    db.item.groupBy({ by: ["studyId"], where: { studyId: { in: studyIds }, localeCode: { in: locales } },
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
