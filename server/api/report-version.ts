// What a study's report depends on that can change: its judgments and exclusions. Their counts and
// latest times make the report's ETag and Last-Modified, read without computing the report.
import type { Db } from "../db/client";

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
