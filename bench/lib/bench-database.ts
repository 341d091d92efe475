// A throw-away database for a benchmark run: a SQLite file in a temp folder, or a scratch
// PostgreSQL database on the local server, migrated and dropped afterwards.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeNativeConnections } from "../../server/db/close-native";
import { createDb, type Db } from "../../server/db/client";
import type { DatabaseTarget } from "../../server/db/database-url";
import { migrate } from "../../server/db/migrate";
import { ensureBuiltInDimensions } from "../../server/studies/service";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const PG_ADMIN_URL = process.env.VERDICT_BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export interface BenchDatabase {
  target: DatabaseTarget;
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** `prefix`: the start of the scratch PostgreSQL database's name (default verdict_bench), so that runs side by side cannot collide. */
export async function createBenchDatabase(engine: "sqlite" | "pg", opts: { prefix?: string } = {}): Promise<BenchDatabase> {
  let target: DatabaseTarget;
  let cleanup: () => Promise<void>;
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-bench-"));
    const file = path.join(dir, "bench.db");
    target = { engine, file, url: `file:${file}` };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `${opts.prefix ?? "verdict_bench"}_${process.pid}_${randomBytes(3).toString("hex")}`.slice(0, 63);
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    target = { engine, url: u.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  await migrate(target, path.join(ROOT, "prisma", "migrations"));
  const db = createDb(target);
  await ensureBuiltInDimensions(db);
  return { target, url: target.url, db, drop: async () => { await db.$disconnect(); await closeNativeConnections(target); await cleanup(); } };
}
