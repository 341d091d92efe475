// Recognises "the database cannot answer right now" (PostgreSQL restarting or unreachable, a
// dropped connection, SQLite's write lock held too long) across Prisma, node-postgres and
// better-sqlite3, so users get one clear, retryable error instead of a driver's message.
import { TRPCError } from "@trpc/server";

export const DATABASE_UNAVAILABLE = "The database is not reachable right now; nothing was saved. Try again in a moment.";
export const DATABASE_BUSY = "The database is busy (a long write such as an import is running); nothing was saved. Try again in a moment.";

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "P1001", "P1002", "P1017"]);
const UNAVAILABLE_MESSAGES = [/connection terminated/i, /not queryable/i, /connection error/i, /terminating connection/i, /database system is (shutting down|starting up|in recovery)/i,
  /server closed the connection/i, /can't reach database server/i, /connect ECONNREFUSED/i];

function* causes(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 5 || typeof error !== "object" || error === null) return;
  const e = error as Record<string, unknown>;
  yield e;
  yield* causes(e.cause, depth + 1);
  if (typeof e.meta === "object" && e.meta !== null) yield* causes((e.meta as Record<string, unknown>).driverAdapterError, depth + 1);
}

export function databaseTrouble(error: unknown): "unavailable" | "busy" | null {
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : typeof e.originalCode === "string" ? e.originalCode : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || e.name === "DatabaseBusyError" || /database is locked/i.test(message)) return "busy";
    // PostgreSQL: class 08 (connection exception) and 57P (operator intervention: shutdown, restart).
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code) || NETWORK_CODES.has(code)) return "unavailable";
    if (UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return "unavailable";
  }
  return null;
}

/** The error a client should see for `error`, if it is database trouble. */
export function asServiceUnavailable(error: unknown): TRPCError | null {
  const trouble = databaseTrouble(error);
  if (!trouble) return null;
  return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: trouble === "busy" ? DATABASE_BUSY : DATABASE_UNAVAILABLE, cause: error instanceof Error ? error : undefined });
}
