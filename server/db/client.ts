// One Prisma client per process, on whichever engine DATABASE_URL names. Both generated clients
// come from the same models, so the SQLite client's type describes either.
import { PrismaPg } from "@prisma/adapter-pg";
import type Database from "better-sqlite3";
import { PrismaClient as PgClient } from "./generated/pg/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import type { DatabaseTarget } from "./database-url";
import { SafeSqliteAdapterFactory } from "./sqlite-prisma-adapter";

export type Db = SqliteClient;
/** The client handed to a `$transaction(async (tx) => …)` callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// On globalThis: Next.js may bundle this module into several chunks, each with its own module
// scope, while the process shares one client (server/db.ts).
const holder = globalThis as unknown as { verdictTargets?: WeakMap<object, DatabaseTarget>; verdictSqliteAdapters?: WeakMap<object, SafeSqliteAdapterFactory> };
const targets = (holder.verdictTargets ??= new WeakMap<object, DatabaseTarget>());
const sqliteAdapters = (holder.verdictSqliteAdapters ??= new WeakMap<object, SafeSqliteAdapterFactory>());

/** The database a client talks to, for the few paths that differ by engine (row-lock skipping, bulk I/O). */
export function targetOf(db: Db): DatabaseTarget {
  const t = targets.get(db);
  if (!t) throw new Error("this Prisma client was not created by createDb");
  return t;
}

export const engineOf = (db: Db): DatabaseTarget["engine"] => targetOf(db).engine;

/** The better-sqlite3 connection under a SQLite client, once it has connected (null before). */
export function prismaSqliteConnection(db: Db): Database.Database | null {
  const adapter = sqliteAdapters.get(db);
  if (!adapter) throw new Error("not a SQLite client made by createDb");
  return adapter.connection;
}

export function createDb(target: DatabaseTarget): Db {
  if (target.engine === "sqlite") {
    // A generous busy timeout: with WAL, writers queue on SQLite's lock instead of failing.
    const adapter = new SafeSqliteAdapterFactory(target.file, { timeout: 15_000 });
    const client = new SqliteClient({ adapter });
    targets.set(client, target);
    sqliteAdapters.set(client, adapter);
    return client;
  }
  // 20 connections: under a burst of graders, 10 left transactions queueing for a connection.
  const client = new PgClient({ adapter: new PrismaPg({ connectionString: target.url, max: 20 }) }) as unknown as Db;
  targets.set(client, target);
  return client;
}
