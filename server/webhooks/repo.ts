// Webhooks' queries. Claims and threshold advances are conditional updates, so that instances
// sharing the database never send one delivery twice or queue one threshold twice.
import type { Db } from "../db/client";

export const webhooksOf = (db: Db, studyId: string) =>
  db.studyWebhook.findMany({ where: { studyId }, orderBy: { createdAt: "asc" },
    select: { id: true, url: true, thresholds: true, notifiedPercent: true, active: true, createdAt: true,
      deliveries: { orderBy: { createdAt: "desc" }, take: 20, select: { id: true, event: true, status: true, attempts: true, lastStatus: true, lastError: true, nextAttemptAt: true, deliveredAt: true, createdAt: true } } } });

/** A study's active webhooks; without a study, those of studies in progress (a completed one is announced by its completion). */
export const activeWebhooks = (db: Db, studyId?: string) =>
  db.studyWebhook.findMany({ where: { active: true, ...(studyId ? { studyId } : { study: { status: { in: ["RUNNING", "PAUSED"] } } }) },
    select: { id: true, studyId: true, thresholds: true, notifiedPercent: true, study: { select: { name: true, status: true, redundancy: true } } } });

export async function studyProgress(db: Db, studyId: string) {
  const r = await db.item.aggregate({ where: { studyId, control: "NONE" }, _count: { _all: true }, _sum: { submittedCount: true } });
  return { items: r._count._all, submitted: r._sum.submittedCount ?? 0 };
}

/** Advances the notified threshold from `from`; false when another instance already did. */
export const advanceThreshold = async (db: Db, id: string, from: number, to: number) =>
  (await db.studyWebhook.updateMany({ where: { id, notifiedPercent: from }, data: { notifiedPercent: to } })).count === 1;

export const enqueue = (db: Db, webhookId: string, event: string, payload: string, now: Date) =>
  db.webhookDelivery.create({ data: { webhookId, event, payload, nextAttemptAt: now, createdAt: now }, select: { id: true } });

export const dueDeliveries = (db: Db, now: Date, limit: number) =>
  db.webhookDelivery.findMany({ where: { status: "pending", nextAttemptAt: { lte: now }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    orderBy: { nextAttemptAt: "asc" }, take: limit, select: { id: true } });

export const claim = async (db: Db, id: string, now: Date, until: Date) =>
  (await db.webhookDelivery.updateMany({ where: { id, status: "pending", OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] }, data: { claimedUntil: until } })).count === 1;

export const deliveryToSend = (db: Db, id: string) =>
  db.webhookDelivery.findUniqueOrThrow({ where: { id }, select: { id: true, event: true, payload: true, attempts: true, webhook: { select: { url: true, secret: true } } } });

export const settle = (db: Db, id: string, data: { status: string; attempts: number; lastStatus: number | null; lastError: string | null; nextAttemptAt?: Date; deliveredAt?: Date }) =>
  db.webhookDelivery.update({ where: { id }, data: { ...data, claimedUntil: null } });

export const findStudyId = (db: Db, id: string) => db.study.findUnique({ where: { id }, select: { id: true } });
export const insertWebhook = (db: Db, data: { studyId: string; url: string; secret: string; thresholds: string; createdById: string }) =>
  db.studyWebhook.create({ data, select: { id: true } });
export const findWebhook = (db: Db, id: string) =>
  db.studyWebhook.findUnique({ where: { id }, select: { id: true, studyId: true, url: true, study: { select: { id: true, name: true, status: true } } } });
export const deleteWebhook = (db: Db, id: string) => db.studyWebhook.delete({ where: { id } });
