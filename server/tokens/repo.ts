// The API tokens' queries. Counting a request is two conditional updates (one per window case),
// each atomic on both engines, so that instances sharing the database count the same requests.
import type { Db } from "../db/client";
import { sessionUserSelect } from "../auth/repo";
import { WINDOW_MS } from "./domain/rate-window";

const listed = {
  id: true, name: true, prefix: true, scopes: true, createdAt: true, expiresAt: true, lastUsedAt: true, revokedAt: true,
  user: { select: { id: true, email: true, displayName: true, role: true } },
} as const;

export const insertToken = (db: Db, data: { userId: string; name: string; tokenHash: string; prefix: string; scopes: string; expiresAt: Date }) =>
  db.apiToken.create({ data, select: { id: true } });

export const tokensOf = (db: Db, userId: string) =>
  db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, select: listed });

export const allTokens = (db: Db) => db.apiToken.findMany({ orderBy: { createdAt: "desc" }, select: listed });

export const findToken = (db: Db, id: string) => db.apiToken.findUnique({ where: { id }, select: { id: true, userId: true, revokedAt: true } });

export const revokeToken = (db: Db, id: string, by: string, now: Date) =>
  db.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now, revokedById: by } });

export const findByHash = (db: Db, tokenHash: string) =>
  db.apiToken.findUnique({ where: { tokenHash }, select: { id: true, scopes: true, expiresAt: true, revokedAt: true, user: { select: sessionUserSelect } } });

/** Counts one request in the token's current window (starting a new one when it has passed); returns the window. */
export async function countRequest(db: Db, id: string, now: Date): Promise<{ windowStart: Date; windowCount: number }> {
  const cutoff = new Date(now.getTime() - WINDOW_MS);
  for (let attempt = 0; attempt < 3; attempt++) {
    const inWindow = await db.apiToken.updateMany({ where: { id, windowStart: { gt: cutoff } }, data: { windowCount: { increment: 1 }, lastUsedAt: now } });
    if (inWindow.count === 0) {
      // Another instance may start the new window between these two statements: then count again in it.
      const fresh = await db.apiToken.updateMany({ where: { id, OR: [{ windowStart: null }, { windowStart: { lte: cutoff } }] }, data: { windowStart: now, windowCount: 1, lastUsedAt: now } });
      if (fresh.count === 0) continue;
    }
    const row = await db.apiToken.findUniqueOrThrow({ where: { id }, select: { windowStart: true, windowCount: true } });
    return { windowStart: row.windowStart!, windowCount: row.windowCount };
  }
  throw new Error("could not count the request in the token's rate window");
}
