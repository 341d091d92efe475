// Applies prisma/migrations/<engine>/*/migration.sql in order, each recorded in _verdict_migrations.
// Safe when several processes start at once: SQLite takes a write lock (BEGIN IMMEDIATE) and
// PostgreSQL an advisory lock before reading the history, and each run is one transaction.
import Database from "better-sqlite3";
import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { DatabaseTarget } from "./database-url";
import { explainOpenFailure } from "./sqlite-connection";
import { type AppliedMigration, type MigrationFile, migrationChecksum, planMigrations } from "./migration-plan";

const HISTORY_DDL = `CREATE TABLE IF NOT EXISTS "_verdict_migrations" (
  "name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TEXT NOT NULL)`;
const PG_MIGRATION_LOCK = 7_305_001;

/**
 * The page size of a new SQLite database, in bytes (SQLite's default is 4,096). A million-row
 * judgment import took 23–24 s with 16 KiB pages against 28.5–29 s with 4 KiB (fewer pages to
 * split, fewer b-tree levels, fewer WAL frames for the commit's checkpoint to copy); the dashboard
 * sections read as fast or faster and grading's p95 did not move beyond the noise
 * (docs/performance.md). Fixed when the file is created; an existing database keeps its own.
 */
export const SQLITE_PAGE_SIZE = 16_384;

export function readMigrationFiles(migrationsRoot: string, engine: DatabaseTarget["engine"]): MigrationFile[] {
  const dir = path.join(migrationsRoot, engine);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ name: d.name, sql: readFileSync(path.join(dir, d.name, "migration.sql"), "utf8") }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function migrate(target: DatabaseTarget, migrationsRoot: string): Promise<string[]> {
  const files = readMigrationFiles(migrationsRoot, target.engine);
  return target.engine === "sqlite" ? migrateSqlite(target.file, files) : migratePg(target.url, files);
}

function migrateSqlite(file: string, files: MigrationFile[]): string[] {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 30_000 });
  try {
    // WAL lets graders' reads proceed while a submission writes; it is a property of the file.
    try {
      // Only a new file takes it (before its first page is written); an existing one keeps its own.
      db.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
      db.pragma("journal_mode = WAL");
    } catch (error) {
      throw explainOpenFailure(file, error);
    }
    // Off while migrating, and only settable outside a transaction: a migration that rebuilds a
    // table (create new, copy, DROP old, rename — SQLite's way to drop a column) would otherwise
    // have DROP TABLE delete every row first and cascade the delete into the tables that refer to
    // it (upgrading through 0004 and 0005 emptied sessions, and items with their judgments).
    // The generated SQL says PRAGMA foreign_keys=OFF itself, but inside our transaction that is a
    // no-op. Integrity is checked before committing instead.
    db.pragma("foreign_keys = OFF");
    db.exec(HISTORY_DDL);
    const run = db.transaction(() => {
      const applied = db.prepare(`SELECT "name", "checksum" FROM "_verdict_migrations"`).all() as AppliedMigration[];
      const pending = planMigrations(files, applied);
      const record = db.prepare(`INSERT INTO "_verdict_migrations" ("name", "checksum", "appliedAt") VALUES (?, ?, ?)`);
      for (const m of pending) {
        db.exec(m.sql);
        record.run(m.name, migrationChecksum(m.sql), new Date().toISOString());
      }
      // Checked only when something was applied: on a current schema the check would scan every
      // table (seconds at a million judgments) on each command's start for nothing.
      const broken = pending.length ? (db.pragma("foreign_key_check") as { table: string; parent: string }[]) : [];
      if (broken.length) throw new Error(`migration would leave ${broken.length} row(s) pointing at missing rows (first: ${broken[0].table} → ${broken[0].parent}); nothing was changed`);
      return pending.map((m) => m.name);
    });
    const names = run.immediate();
    db.pragma("foreign_keys = ON");
    return names;
  } finally {
    db.close();
  }
}

async function migratePg(url: string, files: MigrationFile[]): Promise<string[]> {
  const { default: pg } = await import("pg"); // loaded only for PostgreSQL
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [PG_MIGRATION_LOCK]);
    await client.query(HISTORY_DDL);
    const { rows } = await client.query<AppliedMigration>(`SELECT "name", "checksum" FROM "_verdict_migrations"`);
    const pending = planMigrations(files, rows);
    for (const m of pending) {
      await client.query(m.sql);
      await client.query(`INSERT INTO "_verdict_migrations" ("name", "checksum", "appliedAt") VALUES ($1, $2, $3)`, [
        m.name, migrationChecksum(m.sql), new Date().toISOString(),
      ]);
    }
    await client.query("COMMIT");
    return pending.map((m) => m.name);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
