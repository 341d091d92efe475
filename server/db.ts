// The process-wide database handle, created on first use from the validated environment.
import { createDb, type Db } from "./db/client";
import { resolveDatabaseUrl, type DatabaseTarget } from "./db/database-url";
import { env } from "./env";

const holder = globalThis as unknown as { verdictDb?: Db; verdictTarget?: DatabaseTarget };

export function databaseTarget(): DatabaseTarget {
  holder.verdictTarget ??= resolveDatabaseUrl(env().DATABASE_URL, env().dataDir, env().root);
  return holder.verdictTarget;
}

export function db(): Db {
  holder.verdictDb ??= createDb(databaseTarget());
  return holder.verdictDb;
}
