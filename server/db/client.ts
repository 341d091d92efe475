// One Prisma client per process, on whichever engine DATABASE_URL names. Both generated clients
// come from the same models, so the SQLite client's type describes either.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PgClient } from "./generated/pg/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import type { DatabaseTarget } from "./database-url";

export type Db = SqliteClient;
/** The client handed to a `$transaction(async (tx) => …)` callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const engines = new WeakMap<object, DatabaseTarget["engine"]>();

/** Which engine a client talks to, for the few queries that must differ (row-lock skipping). */
export const engineOf = (db: Db): DatabaseTarget["engine"] => engines.get(db) ?? "sqlite";

export function createDb(target: DatabaseTarget): Db {
  const client = target.engine === "sqlite"
    // A generous busy timeout: with WAL, writers queue on SQLite's lock instead of failing.
    ? new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: target.url, timeout: 15_000 }) })
    : (new PgClient({ adapter: new PrismaPg({ connectionString: target.url, max: 10 }) }) as unknown as Db);
  engines.set(client, target.engine);
  return client;
}
