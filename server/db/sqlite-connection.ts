// What every SQLite connection that writes is set up with, in one place: the hot path's writer
// (sqlite-immediate.ts) and Prisma's connection (sqlite-prisma-adapter.ts).
import { accessSync, constants } from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { env } from "../env";

/**
 * Page cache of a connection that writes, in KiB (SQLite's default is 2 MiB). A write touches
 * pages of every index of its table and of the unit tallies its triggers update, scattered over
 * files of hundreds of megabytes at a million judgments; with 2 MiB nearly every one was read
 * back from the OS on each statement.
 */
const WRITE_CACHE_KIB = 64 * 1024;

/**
 * Durability: an acknowledged submission is a person's paid work. WAL with synchronous=FULL syncs
 * the log on every commit, so a commit that returned survives power loss and an OS crash, not only
 * a crash of the process (better-sqlite3's compiled default, NORMAL, promises only the latter).
 * Set explicitly on every connection that writes; VERDICT_SQLITE_SYNCHRONOUS=NORMAL trades that
 * guarantee for speed. The cost is measured by `npm run bench:grading -- --synchronous NORMAL`
 * against the default (docs/performance.md).
 */
export function configureWriteConnection(conn: Database.Database, file: string): void {
  try {
    conn.pragma(`synchronous = ${env().VERDICT_SQLITE_SYNCHRONOUS}`);
    conn.pragma("foreign_keys = ON");
    conn.pragma(`cache_size = ${-WRITE_CACHE_KIB}`);
  } catch (error) {
    conn.close();
    throw explainOpenFailure(file, error);
  }
}

function readOnlyFolder(file: string): string | null {
  try {
    accessSync(path.dirname(file), constants.W_OK);
    return null;
  } catch (access) {
    const code = (access as NodeJS.ErrnoException).code;
    return code === "EROFS" ? "on a read-only filesystem" : code === "EACCES" ? "not writable" : null;
  }
}

const readOnlyError = (file: string, why: string, cause?: unknown) =>
  Object.assign(new Error(`attempt to write a readonly database (${path.dirname(file)} is ${why})`), { code: "SQLITE_READONLY", cause });

/**
 * SQLite opens a database on a read-only filesystem without complaint and then reports "unable to
 * open database file" at the first statement (WAL needs its -shm and -wal files writable). Say
 * why when the reason is the filesystem: the database's folder is read-only.
 */
export function explainOpenFailure(file: string, error: unknown): unknown {
  if ((error as { code?: string }).code !== "SQLITE_CANTOPEN") return error;
  const why = readOnlyFolder(file);
  return why ? readOnlyError(file, why, error) : error;
}
