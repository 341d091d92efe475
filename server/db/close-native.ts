// Closes the connections the engines' own drivers hold for a database beside Prisma's (the grading
// hot path's SQLite writer, the PostgreSQL pool): for tests and benchmarks that drop it.
import type { DatabaseTarget } from "./database-url";
import { closePgPool } from "./pg-native";
import { closeSqliteWriter } from "./sqlite-immediate";

export async function closeNativeConnections(target: DatabaseTarget): Promise<void> {
  if (target.engine === "sqlite") closeSqliteWriter(target.file);
  else await closePgPool(target.url);
}
