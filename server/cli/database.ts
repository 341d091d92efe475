// The database a command works on: brought to the current schema before the command's work, and
// closed afterwards only if the command opened it (a command like `help` never loads the client).
import path from "node:path";
import { migrate } from "../db/migrate";
import { closeProcessDatabase, databaseTarget } from "../db/process-database";
import { env } from "../env";

function describeTarget(): string {
  const t = databaseTarget();
  return t.engine === "sqlite" ? `SQLite ${path.relative(process.cwd(), t.file) || t.file}` : `PostgreSQL ${t.url.replace(/\/\/[^@]*@/, "//…@")}`;
}

/**
 * Applies pending migrations (a current schema costs one read of the migration history) and, for
 * the commands that need them, makes sure the built-in dimensions exist: only those commands load
 * the database client for it.
 */
export async function ensureDatabase(opts: { quiet?: boolean; builtInDimensions?: boolean } = {}): Promise<void> {
  const applied = await migrate(databaseTarget(), path.join(env().root, "prisma", "migrations"));
  if (opts.builtInDimensions || applied.length) {
    const [{ ensureBuiltInDimensions }, { db }] = await Promise.all([import("../studies/service"), import("../db")]);
    await ensureBuiltInDimensions(db());
  }
  if (!opts.quiet || applied.length) console.error(`${describeTarget()}: ${applied.length ? `applied ${applied.join(", ")}` : "schema up to date"}`);
  // The command's own work starts here: what came before is the fixed cost of every command.
  if (env().VERDICT_CLI_TIMING === "1") console.error(`verdict: ready for work at ${performance.now().toFixed(0)} ms`);
}

/** Disconnects the database client if the command created one. */
export const closeDatabase = closeProcessDatabase;
