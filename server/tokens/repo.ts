// The API tokens' queries. Counting a request is two conditional updates (one per window case),
// each atomic on both engines, so that instances sharing the database count the same requests.
import { engineOf, type Db } from "../db/client";
import { toMillis } from "../db/native-read";
import { pgRead, pgTimestamp } from "../db/pg-native";
import { sqliteImmediate } from "../db/sqlite-immediate";
import { sqliteDateTime } from "../db/sqlite-date-time";
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

// One statement, atomic on both engines (a row lock on PostgreSQL, the write lock on SQLite), so
// that instances sharing the database count the same requests: it continues the window or starts
// a new one (SET reads the row as it was) and returns the window it counted the request in. On the
// engines' own drivers, like the session lookup: every API request runs it.
const COUNT_REQUEST = `UPDATE "ApiToken" SET
    "windowCount" = CASE WHEN "windowStart" > ? THEN "windowCount" + 1 ELSE 1 END,
    "windowStart" = CASE WHEN "windowStart" > ? THEN "windowStart" ELSE ? END,
    "lastUsedAt" = ?
  WHERE "id" = ? RETURNING "windowStart", "windowCount"`;

/** Counts one request in the token's current window (starting a new one when it has passed); returns the window. */
export async function countRequest(db: Db, id: string, now: Date): Promise<{ windowStart: Date; windowCount: number }> {
  const cutoff = new Date(now.getTime() - WINDOW_MS);
  type Row = { windowStart: unknown; windowCount: unknown };
  const row = engineOf(db) === "sqlite"
    ? await sqliteImmediate(db, (tx) => tx.get<Row>(COUNT_REQUEST, sqliteDateTime(cutoff), sqliteDateTime(cutoff), sqliteDateTime(now), sqliteDateTime(now), id))
    : await pgRead(db).get<Row>(COUNT_REQUEST, pgTimestamp(cutoff), pgTimestamp(cutoff), pgTimestamp(now), pgTimestamp(now), id);
  if (!row) throw new Error(`API token ${id} was not found while counting its request`);
  return { windowStart: new Date(toMillis(row.windowStart)), windowCount: Number(row.windowCount) };
}
