import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, MIGRATIONS_ROOT, migrationsBefore, testEngines, type TestDatabase } from "../test/test-database";
import { migrate, readMigrationFiles } from "./migrate";

// Migration 0022 turns a judgment's text id into an integer on a database that already holds
// judgments: they are numbered in the order they arrived, keep every other column, and the
// tallies' triggers (dropped with the old table on SQLite) go on counting new judgments.

const MIGRATION = "0022_judgment_integer_id";
const engines = await testEngines();
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The migrations as they stood before MIGRATION (a folder removed after the tests). */
function historyBefore(): string {
  const root = migrationsBefore(MIGRATION);
  dirs.push(root);
  return root;
}

interface Sql {
  run(sql: string, ...params: unknown[]): Promise<void>;
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A plain connection with `?` placeholders on either engine. */
async function connect(t: TestDatabase): Promise<Sql> {
  if (t.target.engine === "sqlite") {
    const db = new Database(t.target.file);
    return {
      run: async (sql, ...params) => void db.prepare(sql).run(...params),
      all: async <T,>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[],
      close: async () => void db.close(),
    };
  }
  const c = new pg.Client({ connectionString: t.target.url });
  await c.connect();
  const numbered = (sql: string) => { let k = 0; return sql.replace(/\?/g, () => `$${++k}`); };
  return {
    run: async (sql, ...params) => void (await c.query(numbered(sql), params)),
    all: async <T,>(sql: string, ...params: unknown[]) => (await c.query(numbered(sql), params)).rows as T[],
    close: () => c.end(),
  };
}

// Old ids of both kinds the app made: ULIDs (imports) and cuids (the app's submissions). Sorted by
// text they would put every ULID first; by arrival the cuid "c…1" comes first, and the two
// judgments of 10:02 in the order of their old ids.
const OLD = [
  { id: "01JDZ0000000000000000000AB", at: "2026-12-01T10:02:00.000Z", grader: "g1", preference: 3 },
  { id: "cm4aaaaaaaaaaaaaaaaaaaaa1", at: "2026-12-01T10:01:00.000Z", grader: "g2", preference: -2 },
  { id: "01JDZ0000000000000000000AA", at: "2026-12-01T10:02:00.000Z", grader: "g3", preference: 0 },
  { id: "cm4aaaaaaaaaaaaaaaaaaaaa0", at: "2026-12-01T10:03:00.000Z", grader: "g4", preference: 1 },
];
const ARRIVAL = ["g2", "g3", "g1", "g4"];

describe.each(engines)(`migration ${MIGRATION} on %s`, (engine) => {
  it("numbers stored judgments in arrival order, keeps their columns, and new ones are numbered next and counted", async () => {
    const t = await createTestDatabase(engine, { migrationsRoot: historyBefore() });
    const sql = await connect(t);
    try {
      await sql.run(`INSERT INTO "Locale" ("code", "name", "region") VALUES ('en-US', 'English', 'Americas')`);
      await sql.run(`INSERT INTO "Study" ("id", "name", "type") VALUES ('st1', 'Old study', 'SIDE_BY_SIDE')`);
      await sql.run(`INSERT INTO "Model" ("id", "name", "family") VALUES ('m1', 'M1', 'F'), ('m2', 'M2', 'F')`);
      await sql.run(`INSERT INTO "PromptSet" ("id", "name") VALUES ('ps1', 'P')`);
      await sql.run(`INSERT INTO "Prompt" ("id", "promptSetId", "externalId", "text", "localeCode", "category", "modality") VALUES ('p1', 'ps1', 'x1', 'T', 'en-US', 'Math', 'TEXT')`);
      await sql.run(`INSERT INTO "Response" ("id", "promptId", "modelId", "text") VALUES ('r1', 'p1', 'm1', 'R1'), ('r2', 'p1', 'm2', 'R2')`);
      await sql.run(`INSERT INTO "Item" ("id", "studyId", "promptId", "responseId", "baselineResponseId", "localeCode") VALUES ('i1', 'st1', 'p1', 'r1', 'r2', 'en-US')`);
      const dimension = (await sql.all<{ id: string }>(`SELECT "id" FROM "Dimension" WHERE "key" = 'overall'`))[0].id;
      for (const g of ["g1", "g2", "g3", "g4", "g5"]) {
        await sql.run(`INSERT INTO "User" ("id", "email", "displayName", "role") VALUES (?, ?, ?, 'GRADER')`, g, `${g}@test.verdict`, g);
        await sql.run(`INSERT INTO "Assignment" ("id", "studyId", "itemId", "graderId", "status", "candidateSide", "expiresAt") VALUES (?, 'st1', 'i1', ?, 'SUBMITTED', 'LEFT', ?)`,
          `a-${g}`, g, "2026-12-01T11:00:00.000Z");
      }
      for (const j of OLD) {
        await sql.run(`INSERT INTO "Judgment" ("id", "studyId", "itemId", "assignmentId", "graderId", "dimensionId", "preference", "candidateSide", "comment", "submittedAt")
          VALUES (?, 'st1', 'i1', ?, ?, ?, ?, 'LEFT', ?, ?)`, j.id, `a-${j.grader}`, j.grader, dimension, j.preference, `by ${j.grader}`, j.at);
      }
      const counted = async () => (await sql.all<{ n: number | string }>(
        `SELECT "h0" + "h1" + "h2" + "h3" + "h4" + "h5" + "h6" AS "n" FROM "UnitTally" WHERE "itemId" = 'i1' AND "dimensionId" = ?`, dimension)).map((r) => Number(r.n));
      expect(await counted()).toEqual([4]);
      const triggers = () => sql.all<{ name: string; sql: string }>(`SELECT "name", "sql" FROM "sqlite_master" WHERE "type" = 'trigger' AND "tbl_name" = 'Judgment' ORDER BY "rowid"`);
      const triggersBefore = engine === "sqlite" ? await triggers() : [];

      // This migration and any written after it.
      expect(await migrate(t.target, MIGRATIONS_ROOT)).toEqual(readMigrationFiles(MIGRATIONS_ROOT, engine).map((m) => m.name).filter((n) => n >= MIGRATION));

      const after = await sql.all<{ id: number; graderId: string; preference: number; comment: string; submittedAt: string | Date }>(
        `SELECT "id", "graderId", "preference", "comment", "submittedAt" FROM "Judgment" ORDER BY "id"`);
      expect(after.map((j) => [Number(j.id), j.graderId])).toEqual(ARRIVAL.map((g, k) => [k + 1, g]));
      for (const j of after) {
        const old = OLD.find((o) => o.grader === j.graderId)!;
        expect([j.preference, j.comment, new Date(j.submittedAt).toISOString()]).toEqual([old.preference, `by ${old.grader}`, old.at]);
      }
      if (engine === "sqlite") expect(await triggers()).toEqual(triggersBefore);
      expect(await counted()).toEqual([4]);

      // A judgment stored now takes the next number, and the tallies' triggers count it.
      await sql.run(`INSERT INTO "Judgment" ("studyId", "itemId", "assignmentId", "graderId", "dimensionId", "preference", "candidateSide", "submittedAt")
        VALUES ('st1', 'i1', 'a-g5', 'g5', ?, 2, 'LEFT', ?)`, dimension, "2026-12-01T10:04:00.000Z");
      expect((await sql.all<{ id: number }>(`SELECT "id" FROM "Judgment" WHERE "graderId" = 'g5'`)).map((r) => Number(r.id))).toEqual([5]);
      expect(await counted()).toEqual([5]);
    } finally {
      await sql.close();
      await t.drop();
    }
  });
});
