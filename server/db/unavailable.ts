// Recognises "the database cannot answer right now" (PostgreSQL restarting or unreachable, a
// dropped connection, SQLite's write lock held too long, a full, read-only or failing disk) across Prisma, node-postgres and
// better-sqlite3, so users get one clear, retryable error instead of a driver's message.
import { TRPCError } from "@trpc/server";

export const DATABASE_UNAVAILABLE = "The database is not reachable right now; nothing was saved. Try again in a moment.";
export const DATABASE_BUSY = "The database is busy (a long write such as an import is running); nothing was saved. Try again in a moment.";
export const DATABASE_DISK_FULL = "The database's disk is full; nothing was saved. Try again once an administrator has freed space.";
export const DATABASE_READ_ONLY = "The database is read-only right now (its disk or server refuses writes); nothing was saved. Try again once an administrator has made it writable.";
export const DATABASE_STORAGE = "The database's storage failed to read or write; nothing was saved. Try again in a moment; if it persists, an administrator should check the server's disk.";

export type DatabaseTrouble = "unavailable" | "busy" | "disk-full" | "read-only" | "storage";

const MESSAGES: Record<DatabaseTrouble, string> = {
  unavailable: DATABASE_UNAVAILABLE, busy: DATABASE_BUSY, "disk-full": DATABASE_DISK_FULL, "read-only": DATABASE_READ_ONLY, storage: DATABASE_STORAGE,
};

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

// SQLite's primary result codes (the low byte of an extended code): FULL, READONLY, IOERR, CANTOPEN.
const SQLITE_STORAGE: Record<number, DatabaseTrouble> = { 13: "disk-full", 8: "read-only", 10: "storage", 14: "storage" };

function storageTrouble(code: string, extendedCode: unknown, message: string): DatabaseTrouble | null {
  // SQLite (better-sqlite3's codes, or the Prisma adapter's numeric extended code).
  if (code === "SQLITE_FULL" || /database or disk is full/i.test(message)) return "disk-full";
  if (code.startsWith("SQLITE_READONLY") || /readonly database/i.test(message)) return "read-only";
  if (code.startsWith("SQLITE_IOERR") || code === "SQLITE_CANTOPEN" || /disk I\/O error|unable to open database file/i.test(message)) return "storage";
  if (typeof extendedCode === "number" && SQLITE_STORAGE[extendedCode & 0xff]) return SQLITE_STORAGE[extendedCode & 0xff];
  // PostgreSQL: 53100 disk_full (and "could not extend file … No space left on device"), 25006 a
  // read-only transaction (hot standby, default_transaction_read_only), 58030 io_error.
  if (code === "53100" || code === "ENOSPC" || /no space left on device/i.test(message)) return "disk-full";
  if (code === "25006" || code === "EROFS" || /read-only transaction/i.test(message)) return "read-only";
  if (code === "58030" || code === "EIO") return "storage";
  return null;
}

export function databaseTrouble(error: unknown): DatabaseTrouble | null {
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : typeof e.originalCode === "string" ? e.originalCode : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || e.name === "DatabaseBusyError" || /database is locked/i.test(message)) return "busy";
    const storage = storageTrouble(code, e.extendedCode, message);
    if (storage) return storage;
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
  return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: MESSAGES[trouble], cause: error instanceof Error ? error : undefined });
}

/** One sentence for a person (the CLI, a log line) when `error` is database trouble; null otherwise. */
export function databaseTroubleMessage(error: unknown): string | null {
  const trouble = databaseTrouble(error);
  return trouble ? MESSAGES[trouble] : null;
}
