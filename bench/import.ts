// Judgment import at scale against what the engine itself needs for the same rows, in the same run:
//   - "floor": the engine inserting the very judgments the import stored into the same table
//     with the same indexes and foreign keys (INSERT … SELECT inside the engine: no parsing, no
//     client, no network), its tallies deferred and then, as the import does, copied on SQLite
//     (where the import counts them as it writes, ImportedTallies) or recounted on PostgreSQL —
//     what any import into this schema must pay at least;
//   - SQLite only: `sqlite3 .import` of the CSV file into a plain table (the engine's bulk path
//     with nothing to maintain), the issue's reference point.
// The import itself is the `verdict import judgments` command a user runs (compiled), in a process
// of its own: timed from its start to its exit, its peak RSS the kernel's count for that process.
//   npm run bench:import -- [--engine sqlite|pg] [--rows 1000000]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { intFlag, parseArgs, stringFlag } from "../server/cli/args";
import { compiledCliIsCurrent } from "../bin/compiled-cli.mjs";
import { dropTriggerSql, IMPORT_PAGE_CACHE_KIB, JUDGMENT_INSERT_TRIGGERS_SQL, shiftStatements, tallyRecount, UNIT_TALLY_GROUP_INDEX } from "../server/imports/repo";
import { createBenchDatabase } from "./lib/bench-database";
import { writeJudgmentsFile } from "./lib/judgments-file";

const args = parseArgs(process.argv.slice(2));
const engine = (stringFlag(args, "engine") ?? "sqlite") as "sqlite" | "pg";
const ROWS = intFlag(args, "rows", 1_000_000);
const ROOT = path.resolve(import.meta.dirname, "..");

const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** The hour both times fall in, if they share one: the import stamps a new study's judgments with one time and recounts its hourly shifts from its unit tallies, and so does the floor. */
function oneHour(first: Date, last: Date): number | undefined {
  const [a, b] = [first, last].map((d) => Math.floor(d.getTime() / 3_600_000));
  return a === b ? a : undefined;
}

/** The engine copying the stored judgments into an empty copy of the table (same indexes, same foreign keys). */
async function engineFloor(target: { engine: "sqlite" | "pg"; url: string; file?: string }): Promise<number> {
  if (target.engine === "sqlite") {
    const conn = new Database(target.file!);
    try {
      conn.pragma("foreign_keys = ON");
      conn.pragma(`cache_size = -${IMPORT_PAGE_CACHE_KIB}`); // the import's
      conn.exec(`CREATE TEMP TABLE "src" AS SELECT * FROM "Judgment"`);
      // The tallies as the import wrote them (it counts a study it creates itself), in the order it writes them.
      conn.exec(`CREATE TEMP TABLE "src_unit" AS SELECT * FROM "UnitTally" ORDER BY ${UNIT_TALLY_GROUP_INDEX.columns.map((c) => `"${c}"`).join(", ")}`);
      conn.exec(`CREATE TEMP TABLE "src_task" AS SELECT * FROM "TaskTally" ORDER BY "assignmentId"`);
      const span = conn.prepare(`SELECT MIN("submittedAt") AS "first", MAX("submittedAt") AS "last" FROM "src"`).get() as { first: string; last: string };
      const hour = oneHour(new Date(span.first), new Date(span.last));
      // As the import does: the tallies deferred (and the deletion left out of them), then written.
      conn.exec(`INSERT INTO "UnitTallyDeferred" ("studyId") SELECT DISTINCT "studyId" FROM "src"; DELETE FROM "Judgment"; DELETE FROM "UnitTally"; DELETE FROM "TaskTally"; DELETE FROM "HourlyHistogramShift";`);
      const t0 = performance.now();
      // As the import does: the insert triggers, which would only test their WHEN, left out while writing.
      conn.exec("BEGIN");
      const triggers = conn.prepare(JUDGMENT_INSERT_TRIGGERS_SQL).all() as { name: string; sql: string }[];
      for (const t of triggers) conn.exec(dropTriggerSql(t.name));
      conn.exec(`INSERT INTO "Judgment" SELECT * FROM "src";`);
      for (const t of triggers) conn.exec(t.sql);
      conn.exec(`INSERT INTO "UnitTally" SELECT * FROM temp."src_unit" ORDER BY "rowid"; INSERT INTO "TaskTally" SELECT * FROM temp."src_task" ORDER BY "rowid";`);
      for (const { studyId } of conn.prepare(`SELECT "studyId" FROM "UnitTallyDeferred"`).all() as { studyId: string }[]) {
        for (const { sql, params } of shiftStatements("sqlite", studyId, hour)) conn.prepare(sql).run(...params);
      }
      conn.exec(`DELETE FROM "UnitTallyDeferred"; COMMIT;`);
      return seconds(t0);
    } finally {
      conn.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(`CREATE TEMP TABLE "src" AS SELECT * FROM "Judgment"`);
    const span = (await client.query<{ first: Date; last: Date }>(`SELECT MIN("submittedAt") AS "first", MAX("submittedAt") AS "last" FROM "src"`)).rows[0];
    const hour = oneHour(span.first, span.last);
    await client.query(`INSERT INTO "UnitTallyDeferred" ("studyId") SELECT DISTINCT "studyId" FROM "src"; DELETE FROM "Judgment"; DELETE FROM "UnitTally"; DELETE FROM "TaskTally"; DELETE FROM "HourlyHistogramShift";`);
    const t0 = performance.now();
    await client.query(`BEGIN; INSERT INTO "Judgment" SELECT * FROM "src";`);
    for (const { studyId } of (await client.query<{ studyId: string }>(`SELECT "studyId" FROM "UnitTallyDeferred"`)).rows) {
      for (const { sql, params } of tallyRecount("pg", studyId, hour)) await client.query(sql, params);
    }
    await client.query(`DELETE FROM "UnitTallyDeferred"; COMMIT;`);
    return seconds(t0);
  } finally {
    await client.end();
  }
}

/**
 * `verdict import judgments FILE` into the database at `url`, in a child process: seconds, peak RSS,
 * judgments added and the phases' times it printed. The command runs the import again in a process
 * of its own with one malloc arena (bin/one-malloc-arena.mjs), which inherits the peak reporter:
 * `peakRss` is the import's process (the larger), `launcherPeakRss` the one that started it and
 * waits (0 when the import ran in the first process).
 */
function cliImport(file: string, url: string): { seconds: number; peakRss: number; launcherPeakRss: number; added: number; phases: string } {
  // The compiled CLI, as installed; a stale one would run the sources through tsx instead.
  if (!compiledCliIsCurrent(ROOT)) execFileSync(process.execPath, [path.join(ROOT, "scripts/build-cli.mjs")], { stdio: "inherit" });
  const t0 = performance.now();
  const run = spawnSync(process.execPath, ["--import", pathToFileURL(path.join(ROOT, "bench/lib/report-peak-rss.mjs")).href, path.join(ROOT, "bin/verdict.mjs"), "import", "judgments", file],
    { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8", maxBuffer: 64 * 1024 ** 2 });
  const secondsTaken = seconds(t0);
  const added = /: (\d+) judgments added/.exec(run.stdout)?.[1];
  const peaks = [...run.stderr.matchAll(/peak-rss-bytes (\d+)/g)].map((m) => Number(m[1])).sort((a, b) => b - a);
  const phases = / s: ([^)]*)\)\.$/m.exec(run.stdout)?.[1] ?? "";
  if (run.status !== 0 || !added || !peaks.length) throw new Error(`verdict import judgments failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  return { seconds: secondsTaken, peakRss: peaks[0], launcherPeakRss: peaks[1] ?? 0, added: Number(added), phases };
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-bench-import-"));
  const bench = await createBenchDatabase(engine);
  try {
    const file = path.join(dir, "judgments.csv");
    const rows = await writeJudgmentsFile(file, "Bench import", "side_by_side", ROWS);
    console.log(`${engine}: ${rows} side-by-side rows, ${(statSync(file).size / 1024 ** 2).toFixed(0)} MB`);

    let plainImport: number | null = null;
    if (engine === "sqlite") {
      const t0 = performance.now();
      execFileSync("sqlite3", [path.join(dir, "plain.db"), "-cmd", ".mode csv", `.import ${file} plain`], { stdio: "inherit" });
      plainImport = seconds(t0);
    }

    await bench.db.$disconnect();
    const { seconds: importSeconds, peakRss, launcherPeakRss, added, phases } = cliImport(file, bench.url);
    const floor = await engineFloor({ engine, url: bench.url, file: (bench.target as { file?: string }).file });

    console.log(`import (verdict import judgments): ${added} judgments in ${importSeconds.toFixed(1)} s (${(rows / importSeconds).toFixed(0)} rows/s), peak RSS ${mib(peakRss)} (${(peakRss / 1e6).toFixed(0)} MB)`
      + (launcherPeakRss ? `; the process that started it and waited: ${mib(launcherPeakRss)}` : ""));
    console.log(`  its phases: ${phases}`);
    console.log(`floor: the engine inserting the same judgments into the same table and indexes ${floor.toFixed(1)} s; import / floor ${(importSeconds / floor).toFixed(1)}×`);
    if (plainImport !== null) console.log(`sqlite3 .import of the file into a plain table ${plainImport.toFixed(1)} s; import / .import ${(importSeconds / plainImport).toFixed(1)}×`);

    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, `bench/results/import-${engine}.json`), JSON.stringify({ engine, rows, date: new Date().toISOString(),
      import: { seconds: importSeconds, peakRssMib: peakRss / 1024 ** 2, launcherPeakRssMib: launcherPeakRss / 1024 ** 2, phases }, floorSeconds: floor, plainImportSeconds: plainImport }, null, 2));
  } finally {
    await bench.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
