// Large read-only queries on the engine's own driver, rows as arrays. Prisma's raw queries cost
// microseconds per row and per value in the client; at a million judgments that is seconds the
// dashboards cannot spend. SQL is written once with `?` placeholders and runs on either engine.
import { targetOf, type Db } from "./client";
import { pgColumns, pgRows } from "./pg-native";
import type { ColumnarRows } from "./columnar-rows";
import { sqliteColumnsInWorker, sqliteReadInWorker } from "./sqlite-read-worker";

export async function nativeRows(db: Db, sql: string, params: unknown[]): Promise<unknown[][]> {
  const target = targetOf(db);
  // On a worker thread, so a long read never stalls the server's other requests.
  if (target.engine === "sqlite") return sqliteReadInWorker(target.file, sql, params);
  return pgRows(db, sql, params);
}

/** The same read as columns (columnar-rows.ts): cheaper to hand over and to walk when it returns many rows. */
export async function nativeColumns(db: Db, sql: string, params: unknown[]): Promise<ColumnarRows> {
  const target = targetOf(db);
  if (target.engine === "sqlite") return sqliteColumnsInWorker(target.file, sql, params);
  return pgColumns(db, sql, params);
}

export { toNumber } from "./columnar-rows";

/** A flag as the drivers give it: PostgreSQL a boolean, SQLite 0/1 (or a bigint, or text from a cast). */
export const toBoolean = (v: unknown): boolean => v === true || v === 1 || v === 1n || v === "1" || v === "true";

/** A timestamp as milliseconds: pg returns Date (read as UTC, see pg-native.ts), SQLite the text Prisma wrote ("2026-11-29 16:33:00.123+00:00" or ISO). */
export function toMillis(v: unknown): number {
  if (v instanceof Date) return v.getTime();
  if (typeof v === "number") return v;
  return Date.parse(String(v).replace(" ", "T"));
}
