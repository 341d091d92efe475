// Short write transactions on SQLite run synchronously on better-sqlite3, for the grading hot path.
// Prisma's interactive transactions cost an event-loop round trip per statement while holding
// SQLite's single write lock; here BEGIN IMMEDIATE … COMMIT runs in one tick, so the lock is held
// for well under a millisecond.
//
// The connection never waits on SQLite's busy handler: that wait is synchronous and would block
// the very event loop that must finish whatever transaction (e.g. Prisma's) holds the lock. On
// SQLITE_BUSY it gives the event loop back and tries again, for up to BUSY_DEADLINE_MS.
import Database from "better-sqlite3";
import { targetOf, type Db } from "./client";
import { configureWriteConnection, explainOpenFailure } from "./sqlite-connection";

type Conn = Database.Database;

const BUSY_DEADLINE_MS = 15_000;

const holder = globalThis as unknown as { verdictSqliteWriters?: Map<string, { conn: Conn; statements: Map<string, Database.Statement> }> };
const writers = (holder.verdictSqliteWriters ??= new Map());

function writer(file: string) {
  let w = writers.get(file);
  if (!w) {
    let conn: Conn;
    try {
      conn = new Database(file, { fileMustExist: true });
    } catch (error) {
      throw explainOpenFailure(file, error);
    }
    configureWriteConnection(conn, file);
    conn.pragma("busy_timeout = 0");
    w = { conn, statements: new Map() };
    writers.set(file, w);
  }
  return w;
}

export function closeSqliteWriter(file: string): void {
  writers.get(file)?.conn.close();
  writers.delete(file);
}

/** Statements prepared once per connection and reused. */
export interface SqliteTx {
  get<T>(sql: string, ...params: unknown[]): T | undefined;
  all<T>(sql: string, ...params: unknown[]): T[];
  run(sql: string, ...params: unknown[]): number;
}

const isBusy = (e: unknown) => typeof e === "object" && e !== null && ((e as { code?: string }).code === "SQLITE_BUSY" || (e as { code?: string }).code === "SQLITE_BUSY_SNAPSHOT");


export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
  constructor() {
    super("The database is busy (another long write, e.g. an import, is running). Try again in a moment.");
  }
}

function session(db: Db) {
  const target = targetOf(db);
  if (target.engine !== "sqlite") throw new Error("this path needs an SQLite database");
  const w = writer(target.file);
  const prepared = (sql: string) => {
    let s = w.statements.get(sql);
    if (!s) w.statements.set(sql, (s = w.conn.prepare(sql)));
    return s;
  };
  const tx: SqliteTx = {
    get: (sql, ...params) => prepared(sql).get(...params) as never,
    all: (sql, ...params) => prepared(sql).all(...params) as never,
    run: (sql, ...params) => prepared(sql).run(...params).changes,
  };
  return { w, prepared, tx, file: target.file };
}

/** Reads outside any transaction on the same connection (each statement sees the latest commit). */
export function sqliteRead<T>(db: Db, fn: (tx: SqliteTx) => T): T {
  return fn(session(db).tx);
}

/** Runs `fn` inside BEGIN IMMEDIATE … COMMIT on the database's SQLite file; `fn` must not await. */
export async function sqliteImmediate<T>(db: Db, fn: (tx: SqliteTx) => T, opts: { deadlineMs?: number } = {}): Promise<T> {
  const { w, prepared, tx, file } = session(db);
  const deadline = Date.now() + (opts.deadlineMs ?? BUSY_DEADLINE_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      prepared("BEGIN IMMEDIATE").run();
    } catch (e) {
      if (!isBusy(e)) throw e;
      if (Date.now() > deadline) throw new DatabaseBusyError();
      // Back off a little more each time, with jitter so waiting writers do not retry in step.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 1 + attempt)));
      continue;
    }
    try {
      const result = fn(tx);
      prepared("COMMIT").run();
      return result;
    } catch (e) {
      // A failed COMMIT (full or read-only disk) may leave the transaction open, or SQLite may
      // have ended it already: either way the connection must come out of it, and the first error is the one to report.
      if (w.conn.inTransaction) {
        try {
          prepared("ROLLBACK").run();
        } catch { /* the connection is closed below */ }
      }
      if (w.conn.inTransaction) closeSqliteWriter(file);
      throw e;
    }
  }
}
