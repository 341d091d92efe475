// The process-wide database handle, created on first use from the validated environment.
import { createDb, type Db } from "./db/client";
import { databaseTarget, processDatabase } from "./db/process-database";

export { databaseTarget };

export function db(): Db {
  processDatabase.verdictDb ??= createDb(databaseTarget());
  return processDatabase.verdictDb as Db;
}
