import Database from "better-sqlite3";
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, MIGRATIONS_ROOT, migrationsBefore, testEngines, type TestDatabase } from "../test/test-database";
import { migrate, readMigrationFiles, SQLITE_PAGE_SIZE } from "./migrate";

/** Tables and their columns as the engine itself reports them. */
async function columnsOf(t: TestDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (t.target.engine === "sqlite") {
    const db = new Database(t.target.file, { readonly: true });
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[];
    for (const { name } of tables) out[name] = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name).sort();
    db.close();
  } else {
    const c = new pg.Client({ connectionString: t.target.url });
    await c.connect();
    const { rows } = await c.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`);
    await c.end();
    for (const r of rows) (out[r.table_name] ??= []).push(r.column_name);
    for (const k of Object.keys(out)) out[k].sort();
  }
  return out;
}

const engines = await testEngines();

describe.each(engines)("migrations on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t.drop());

  it("applies nothing the second time", async () => {
    expect(await migrate(t.target, MIGRATIONS_ROOT)).toEqual([]);
  });

  it("refuses to run when an applied migration's file was edited", async () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), "verdict-migrations-"));
    cpSync(MIGRATIONS_ROOT, copy, { recursive: true });
    const [first] = readMigrationFiles(copy, engine);
    writeFileSync(path.join(copy, engine, first.name, "migration.sql"), `${first.sql}\n-- edited`);
    await expect(migrate(t.target, copy)).rejects.toThrow(`Migration ${first.name} was changed after it was applied`);
  });

  it("creates every table of the data model", async () => {
    const tables = Object.keys(await columnsOf(t));
    for (const name of ["User", "Session", "Locale", "Model", "Prompt", "Response", "Attachment", "Study", "Item", "Assignment", "Judgment", "Dimension", "AuditEvent", "_verdict_migrations"]) {
      expect(tables).toContain(name);
    }
  });
});

describe.runIf(engines.includes("pg"))("the two engines' migrated schemas", () => {
  it("have the same tables and columns", async () => {
    const [a, b] = [await createTestDatabase("sqlite"), await createTestDatabase("pg")];
    try {
      expect(await columnsOf(b)).toEqual(await columnsOf(a));
    } finally {
      await a.drop();
      await b.drop();
    }
  });
});

describe("concurrent start-up", () => {
  it("two processes migrating one new SQLite file at once apply each migration once", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-race-"));
    const target = { engine: "sqlite" as const, file: path.join(dir, "v.db"), url: `file:${path.join(dir, "v.db")}` };
    const results = await Promise.all([migrate(target, MIGRATIONS_ROOT), migrate(target, MIGRATIONS_ROOT)]);
    expect(results.flat().sort()).toEqual(readMigrationFiles(MIGRATIONS_ROOT, "sqlite").map((m) => m.name));
  });
});

describe("the SQLite file's page size", () => {
  const pageSize = (file: string) => {
    const d = new Database(file, { readonly: true });
    try {
      return d.pragma("page_size", { simple: true });
    } finally {
      d.close();
    }
  };

  it("is SQLITE_PAGE_SIZE for a new database, and an existing one keeps its own", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-page-size-"));
    const target = (name: string) => ({ engine: "sqlite" as const, file: path.join(dir, name), url: `file:${path.join(dir, name)}` });
    await migrate(target("new.db"), MIGRATIONS_ROOT);
    expect(SQLITE_PAGE_SIZE).not.toBe(4096);
    expect(pageSize(path.join(dir, "new.db"))).toBe(SQLITE_PAGE_SIZE);

    // A database made before (SQLite's 4 KiB pages, WAL) migrates as it is.
    const old = new Database(path.join(dir, "old.db"));
    old.pragma("page_size = 4096");
    old.pragma("journal_mode = WAL");
    old.exec(`CREATE TABLE "Kept" ("n" INTEGER PRIMARY KEY); INSERT INTO "Kept" VALUES (7);`);
    old.close();
    expect((await migrate(target("old.db"), MIGRATIONS_ROOT)).length).toBe(readMigrationFiles(MIGRATIONS_ROOT, "sqlite").length);
    expect(pageSize(path.join(dir, "old.db"))).toBe(4096);
  });
});

describe("upgrading an existing SQLite database", () => {
  it("keeps every row when a migration rebuilds a table that others refer to", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-upgrade-"));
    // The history as it stood before the first table rebuild (0004 rebuilt Study, 0005 User).
    const early = migrationsBefore("0004", dir);
    const file = path.join(dir, "old.db");
    const target = { engine: "sqlite" as const, file, url: `file:${file}` };
    await migrate(target, early);
    const db = new Database(file);
    db.exec(`
      INSERT INTO "User" ("id", "email", "displayName", "role") VALUES ('u1', 'a@test.verdict', 'A', 'GRADER');
      INSERT INTO "Session" ("id", "userId", "expiresAt") VALUES ('s1', 'u1', '2030-01-01T00:00:00.000+00:00');
      INSERT INTO "Locale" ("code", "name", "region") VALUES ('en-US', 'English', 'Americas');
      INSERT INTO "UserLocale" ("userId", "localeCode") VALUES ('u1', 'en-US');
      INSERT INTO "Study" ("id", "name", "type") VALUES ('st1', 'Old study', 'SIDE_BY_SIDE');
      INSERT INTO "Model" ("id", "name", "family") VALUES ('m1', 'M', 'F');
      INSERT INTO "PromptSet" ("id", "name") VALUES ('ps1', 'P');
      INSERT INTO "Prompt" ("id", "promptSetId", "externalId", "text", "localeCode", "category", "modality") VALUES ('p1', 'ps1', 'x1', 'T', 'en-US', 'Math', 'TEXT');
      INSERT INTO "Response" ("id", "promptId", "modelId", "text") VALUES ('r1', 'p1', 'm1', 'R');
      INSERT INTO "Item" ("id", "studyId", "promptId", "responseId", "localeCode") VALUES ('i1', 'st1', 'p1', 'r1', 'en-US');`);
    const count = (d: Database.Database) => Object.fromEntries(["User", "Session", "UserLocale", "Study", "Item"].map((t) => [t, (d.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n]));
    const before = count(db);
    db.close();
    expect(await migrate(target, MIGRATIONS_ROOT)).toContain("0004_grader_quality_control");
    const after = new Database(file, { readonly: true });
    expect(count(after)).toEqual(before);
    after.close();
  });
});

