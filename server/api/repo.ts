// The REST API's own queries: what a report's validators are made of, and idempotency keys.
import type { Db } from "../db/client";

/**
 * What a study's report depends on that can change: its judgments and exclusions. Their counts and
 * latest times make the report's ETag and Last-Modified, read without computing the report.
 */
export async function reportVersion(db: Db, studyId: string): Promise<{ key: string; lastModified: Date | null } | null> {
  const study = await db.study.findUnique({ where: { id: studyId }, select: { id: true, status: true } });
  if (!study) return null;
  const [j, x] = await Promise.all([
    db.judgment.aggregate({ where: { studyId }, _count: { _all: true }, _max: { submittedAt: true } }),
    db.exclusion.aggregate({ where: { studyId }, _count: { _all: true }, _max: { createdAt: true, revokedAt: true } }),
  ]);
  const times = [j._max.submittedAt, x._max.createdAt, x._max.revokedAt].filter((d): d is Date => d instanceof Date);
  const lastModified = times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
  return { key: [study.status, j._count._all, x._count._all, ...times.map((d) => d.toISOString())].join("|"), lastModified };
}

export const pruneIdempotencyKeys = (db: Db, before: Date) => db.apiIdempotencyKey.deleteMany({ where: { createdAt: { lt: before } } });
export const insertIdempotencyKey = (db: Db, tokenId: string, key: string, requestHash: string, now: Date) =>
  db.apiIdempotencyKey.create({ data: { tokenId, key, requestHash, createdAt: now } });
export const findIdempotencyKey = (db: Db, tokenId: string, key: string) => db.apiIdempotencyKey.findUnique({ where: { tokenId_key: { tokenId, key } } });
export const releaseIdempotencyKey = (db: Db, tokenId: string, key: string) => db.apiIdempotencyKey.delete({ where: { tokenId_key: { tokenId, key } } });
export const keepIdempotentAnswer = (db: Db, tokenId: string, key: string, status: number, body: string) =>
  db.apiIdempotencyKey.update({ where: { tokenId_key: { tokenId, key } }, data: { status, body } });
