// Real databases for integration tests: a fresh SQLite file, or a scratch PostgreSQL database
// created on the server at VERDICT_TEST_PG_URL and dropped afterwards.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeNativeConnections } from "../db/close-native";
import { createDb, type Db } from "../db/client";
import type { DatabaseTarget } from "../db/database-url";
import { migrate, readMigrationFiles } from "../db/migrate";
import { BUILTIN_DIMENSIONS } from "../studies/builtin-dimensions";
import { upsertBuiltInDimension } from "../studies/repo";
import { ensureBuiltInDimensions } from "../studies/service";

export type Engine = DatabaseTarget["engine"];
export const MIGRATIONS_ROOT = path.resolve(import.meta.dirname, "../../prisma/migrations");

// Test configuration comes from the test runner's environment, not from server/env.ts.
export const PG_ADMIN_URL = process.env.VERDICT_TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const REQUIRE_PG = process.env.VERDICT_TEST_PG === "1";
const SKIP_PG = process.env.VERDICT_TEST_PG === "0";

let pgReachable: boolean | undefined;

async function probePg(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (REQUIRE_PG) throw new Error(`VERDICT_TEST_PG=1 but PostgreSQL at ${PG_ADMIN_URL} is unreachable: ${(error as Error).message}`);
    return false;
  }
}

/** The engines to run integration tests on: SQLite always, PostgreSQL when reachable (required in CI). */
export async function testEngines(): Promise<Engine[]> {
  if (SKIP_PG) return ["sqlite"];
  pgReachable ??= await probePg();
  return pgReachable ? ["sqlite", "pg"] : ["sqlite"];
}

export interface TestDatabase {
  engine: Engine;
  target: DatabaseTarget;
  db: Db;
  drop(): Promise<void>;
}

/**
 * A new folder holding the migrations, of both engines, whose names sort before `name`: the
 * history as it stood before that migration, for a test that upgrades a database from there.
 * The caller removes the folder.
 */
export function migrationsBefore(name: string, dir: string = os.tmpdir()): string {
  const root = mkdtempSync(path.join(dir, "verdict-history-"));
  for (const engine of ["sqlite", "pg"] as const) {
    for (const m of readMigrationFiles(MIGRATIONS_ROOT, engine).filter((m) => m.name < name)) {
      cpSync(path.join(MIGRATIONS_ROOT, engine, m.name), path.join(root, engine, m.name), { recursive: true });
    }
  }
  return root;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The built-in dimensions, as the app makes them after migrating. An upgrade test's older history
 * has no IdBlock table (migration 0025): its dimensions get the ids the code of that time gave them.
 */
async function builtInDimensions(db: Db, olderHistory: string | undefined) {
  if (olderHistory === undefined) return ensureBuiltInDimensions(db);
  for (const d of BUILTIN_DIMENSIONS) await upsertBuiltInDimension(db, d, undefined);
}

/**
 * `dir`: where a SQLite file goes (default: a temp folder); `tablespace`: where PostgreSQL keeps the
 * database's files; `migrationsRoot`: the migrations to apply (default: all; a test of an upgrade
 * passes the history as it stood before).
 */
export async function createTestDatabase(engine: Engine, opts: { dir?: string; tablespace?: string; migrationsRoot?: string } = {}): Promise<TestDatabase> {
  const migrationsRoot = opts.migrationsRoot ?? MIGRATIONS_ROOT;
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(opts.dir ?? os.tmpdir(), "verdict-test-"));
    const file = path.join(dir, "verdict.db");
    const target: DatabaseTarget = { engine, file, url: `file:${file}` };
    await migrate(target, migrationsRoot);
    const db = createDb(target);
    await builtInDimensions(db, opts.migrationsRoot);
    return { engine, target, db, drop: async () => { await db.$disconnect(); await closeNativeConnections(target); rmSync(dir, { recursive: true, force: true }); } };
  }
  // Named after the admin database so a CI run can drop whatever a crashed test left behind.
  const base = new URL(PG_ADMIN_URL).pathname.slice(1) || "verdict";
  const name = `${base === "test" ? "verdict_test" : base}_${process.pid}_${randomBytes(4).toString("hex")}`.slice(0, 63);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${opts.tablespace ? ` TABLESPACE "${opts.tablespace}"` : ""}`);
  await admin.end();
  const target: DatabaseTarget = { engine, url: withDatabase(PG_ADMIN_URL, name) };
  await migrate(target, migrationsRoot);
  const db = createDb(target);
  await builtInDimensions(db, opts.migrationsRoot);
  return {
    engine, target, db,
    drop: async () => {
      await db.$disconnect();
      await closeNativeConnections(target);
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
