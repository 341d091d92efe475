// One Prisma client per process, on whichever engine DATABASE_URL names. Both generated clients
// come from the same models, so the SQLite client's type describes either.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PgClient } from "./generated/pg/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import type { DatabaseTarget } from "./database-url";
import { SafeSqliteAdapterFactory } from "./sqlite-prisma-adapter";

export type Db = SqliteClient;
/** The client handed to a `$transaction(async (tx) => …)` callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// On globalThis: Next.js may bundle this module into several chunks, each with its own module
// scope, while the process shares one client (server/db.ts).
const holder = globalThis as unknown as { verdictTargets?: WeakMap<object, DatabaseTarget> };
const targets = (holder.verdictTargets ??= new WeakMap<object, DatabaseTarget>());

/** The database a client talks to, for the few paths that differ by engine (row-lock skipping, bulk I/O). */
export function targetOf(db: Db): DatabaseTarget {
  const t = targets.get(db);
  if (!t) throw new Error("this Prisma client was not created by createDb");
  return t;
}

export const engineOf = (db: Db): DatabaseTarget["engine"] => targetOf(db).engine;

export function createDb(target: DatabaseTarget): Db {
  const client = target.engine === "sqlite"
    // A generous busy timeout: with WAL, writers queue on SQLite's lock instead of failing.
    ? new SqliteClient({ adapter: new SafeSqliteAdapterFactory(target.file, { timeout: 15_000 }) })
    // 20 connections: under a burst of graders, 10 left transactions queueing for a connection.
    : (new PgClient({ adapter: new PrismaPg({ connectionString: target.url, max: 20 }) }) as unknown as Db);
  targets.set(client, target);
  return client;
}
