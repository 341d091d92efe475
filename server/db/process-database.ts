// Which database this process works on, and the client if one was created: kept apart from the
// client itself so that code which only needs the target (the CLI's schema check) does not load
// the Prisma client and its engine.
import { resolveDatabaseUrl, type DatabaseTarget } from "./database-url";
import { env } from "../env";

export const processDatabase = globalThis as unknown as { verdictDb?: { $disconnect(): Promise<void> }; verdictTarget?: DatabaseTarget };

export function databaseTarget(): DatabaseTarget {
  processDatabase.verdictTarget ??= resolveDatabaseUrl(env().DATABASE_URL, env().dataDir, env().root);
  return processDatabase.verdictTarget;
}

/** Disconnects the process's client if something created it: closing must not open one. */
export async function closeProcessDatabase(): Promise<void> {
  await processDatabase.verdictDb?.$disconnect().catch(() => {});
}
