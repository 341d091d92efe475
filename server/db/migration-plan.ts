// Decides which migrations to apply, and refuses to run against a database whose history does
// not match this version's files (edited, missing or unknown migrations).
import { createHash } from "node:crypto";

export interface MigrationFile {
  name: string;
  sql: string;
}
export interface AppliedMigration {
  name: string;
  checksum: string;
}

export class MigrationHistoryError extends Error {}

export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

export function planMigrations(files: MigrationFile[], applied: AppliedMigration[]): MigrationFile[] {
  const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name));
  const byName = new Map(sorted.map((f) => [f.name, f]));
  for (const a of applied) {
    const file = byName.get(a.name);
    if (!file) {
      throw new MigrationHistoryError(
        `The database has migration ${a.name}, which this version of Verdict does not have (is the database from a newer version?)`,
      );
    }
    if (migrationChecksum(file.sql) !== a.checksum) {
      throw new MigrationHistoryError(
        `Migration ${a.name} was changed after it was applied to this database; restore the original file`,
      );
    }
  }
  const appliedNames = new Set(applied.map((a) => a.name));
  const pending = sorted.filter((f) => !appliedNames.has(f.name));
  const lastApplied = [...appliedNames].sort().at(-1);
  const early = lastApplied ? pending.find((f) => f.name < lastApplied) : undefined;
  if (early) {
    throw new MigrationHistoryError(
      `Migration ${early.name} sorts before the already-applied ${lastApplied}; rename it so it comes last`,
    );
  }
  return pending;
}
