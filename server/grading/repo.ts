import type { Db, Tx } from "../db/client";
import { Prisma } from "../db/generated/sqlite/client";

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

/**
 * Items the grader may take — their locales, not yet touched by them, short of k accepted
 * judgments — with each item's live leases, in one statement.
 */
export async function eligibleItems(db: Db | Tx, studyId: string, graderId: string, locales: string[], redundancy: number, now: Date, take: number) {
  // Capacity (accepted + live leases < k) is checked in SQL, so the window never fills up with
  // items other graders are working on while open items wait further down.
  const rows = await db.$queryRaw<{ id: string; submittedCount: unknown; live: unknown }[]>`
    SELECT e."id", e."submittedCount", e."live" FROM (
      SELECT i."id" AS "id", i."submittedCount" AS "submittedCount",
        (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = i."id" AND a."status" = 'LEASED' AND a."expiresAt" > ${now}) AS "live"
      FROM "Item" i
      WHERE i."studyId" = ${studyId} AND i."localeCode" IN (${Prisma.join(locales)}) AND i."submittedCount" < ${redundancy}
        AND NOT EXISTS (SELECT 1 FROM "Assignment" g WHERE g."itemId" = i."id" AND g."graderId" = ${graderId})
    ) e
    WHERE e."submittedCount" + e."live" < ${redundancy}
    ORDER BY e."submittedCount" DESC, e."id" ASC
    LIMIT ${take}`;
  return rows.map((r) => ({ id: r.id, submittedCount: Number(r.submittedCount), liveLeases: Number(r.live) }));
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

/**
 * Everything a grader's task page needs, in two statements. Response ids are read only to attach
 * images here; the caller sends neither them nor anything else that identifies a model.
 */
export async function taskView(db: Db | Tx, assignmentId: string, graderId: string) {
  const [a] = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT a."id" AS "id", a."status" AS "status", a."candidateSide" AS "candidateSide", a."expiresAt" AS "expiresAt", a."studyId" AS "studyId",
      p."id" AS "promptId", p."text" AS "promptText", p."localeCode" AS "locale", p."category" AS "category", p."modality" AS "modality",
      r1."id" AS "responseId", r1."text" AS "responseText", r2."id" AS "baselineId", r2."text" AS "baselineText"
    FROM "Assignment" a
    JOIN "Item" i ON i."id" = a."itemId"
    JOIN "Prompt" p ON p."id" = i."promptId"
    JOIN "Response" r1 ON r1."id" = i."responseId"
    LEFT JOIN "Response" r2 ON r2."id" = i."baselineResponseId"
    WHERE a."id" = ${assignmentId} AND a."graderId" = ${graderId}`;
  if (!a) return null;
  const attachments = await db.$queryRaw<{ id: string; fileName: string; promptId: string | null; responseId: string | null }[]>`
    SELECT "id", "fileName", "promptId", "responseId" FROM "Attachment"
    WHERE "promptId" = ${a.promptId} OR "responseId" = ${a.responseId} OR "responseId" = ${a.baselineId ?? ""}
    ORDER BY "position" ASC, "id" ASC`;
  const images = (pick: (x: (typeof attachments)[number]) => boolean) => attachments.filter(pick).map((x) => ({ id: x.id, fileName: x.fileName }));
  const response = (id: unknown, text: unknown) => (id ? { text: String(text), attachments: images((x) => x.responseId === id) } : null);
  return {
    id: String(a.id),
    status: String(a.status) as "LEASED" | "SUBMITTED" | "SKIPPED" | "RELEASED",
    candidateSide: (a.candidateSide ?? null) as "LEFT" | "RIGHT" | null,
    expiresAt: a.expiresAt instanceof Date ? a.expiresAt : new Date(String(a.expiresAt)),
    studyId: String(a.studyId),
    item: {
      prompt: { text: String(a.promptText), localeCode: String(a.locale), category: String(a.category), modality: String(a.modality) as "TEXT" | "IMAGE",
        attachments: images((x) => x.promptId === a.promptId) },
      response: response(a.responseId, a.responseText)!,
      baselineResponse: response(a.baselineId, a.baselineText),
    },
  };
}

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
