// Analytics at scale: import a 1,000,000-row judgments file, run the full report (every
// dimension and slice, bootstrap included) against one bare grouped SQL pass, and export the
// raw judgments against the database's own CSV output of the same query.
//   npm run bench:analytics -- [--engine sqlite|pg] [--rows 1000000] [--type side_by_side|single_sided] [--spread-hours N] [--keep]
// --spread-hours spreads the imported judgments' submission times over N hours (a study graded over
// days, as the over-time view sees it; an import gives them all one time) and recounts the tallies.
// --keep leaves the database in place and prints its URL (bench:sections -- --url URL times the dashboard on it).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { studyReport } from "../server/analytics/service";
import { bareGroupedPass, findStudy } from "../server/analytics/repo";
import { DEFAULT_BOOTSTRAP } from "../server/analytics/domain/bootstrap";
import { intFlag, parseArgs, stringFlag } from "../server/cli/args";
import { importJudgments } from "../server/imports/import-judgments";
import { createBenchDatabase } from "./lib/bench-database";
import { writeJudgmentsFile } from "./lib/judgments-file";
import { median } from "./lib/latency";
import { spreadSubmissionTimes } from "./lib/spread-submission-times";

const args = parseArgs(process.argv.slice(2));
const engine = (stringFlag(args, "engine") ?? "sqlite") as "sqlite" | "pg";
const ROWS = intFlag(args, "rows", 1_000_000);
const TYPE = (stringFlag(args, "type") ?? "side_by_side") as "side_by_side" | "single_sided";
const KEEP = args.flags.keep === true;
const SPREAD_HOURS = intFlag(args, "spread-hours", 0);
const STUDY = "Bench analytics";
const ROOT = path.resolve(import.meta.dirname, "..");

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, (performance.now() - t0) / 1000];
}

const EXPORT_SQL = `SELECT s."name", p."externalId", p."text", p."localeCode", l."region", p."category", p."modality", j."graderId", d."key",
  ma."name", mb."name", j."candidateSide", j."preference", j."score", j."timeSpentMs", j."comment", j."cannotAssess", j."harmful",
  j."surplus", j."superseded", j."source", j."submittedAt", p."conversation"
FROM "Judgment" j JOIN "Study" s ON s."id" = j."studyId" JOIN "Item" i ON i."id" = j."itemId" JOIN "Prompt" p ON p."id" = i."promptId"
JOIN "Locale" l ON l."code" = p."localeCode" JOIN "Dimension" d ON d."id" = j."dimensionId" JOIN "Response" ra ON ra."id" = i."responseId"
JOIN "Model" ma ON ma."id" = ra."modelId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId" LEFT JOIN "Model" mb ON mb."id" = rb."modelId"
WHERE s."name" = '${STUDY}' ORDER BY j."id"`;

function nativeCsvExport(url: string, file: string, target: { engine: string; file?: string }): number {
  const t0 = performance.now();
  if (target.engine === "sqlite") execFileSync("sqlite3", ["-csv", "-header", target.file!, EXPORT_SQL], { stdio: ["ignore", "pipe", "inherit"], maxBuffer: 4 * 1024 ** 3 }).length;
  else execFileSync("psql", [url, "-q", "-c", `\\copy (${EXPORT_SQL.replace(/\n/g, " ")}) TO '${file}' WITH CSV HEADER`], { stdio: "inherit" });
  return (performance.now() - t0) / 1000;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-bench-analytics-"));
  const bench = await createBenchDatabase(engine);
  try {
    const file = path.join(dir, "judgments.csv");
    const [rows, genSeconds] = await time(() => writeJudgmentsFile(file, STUDY, TYPE, ROWS));
    console.log(`${engine}: wrote ${rows} ${TYPE} rows (${(statSync(file).size / 1024 ** 2).toFixed(0)} MB) in ${genSeconds.toFixed(1)} s`);

    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 200);
    const [imported, importSeconds] = await time(() => importJudgments(bench.db, file));
    clearInterval(sampler);
    console.log(`import: ${imported.judgmentsAdded} judgments in ${importSeconds.toFixed(1)} s (${(rows / importSeconds).toFixed(0)} rows/s), peak RSS ${(peakRss / 1024 ** 2).toFixed(0)} MB`);

    const study = (await findStudy(bench.db, { name: STUDY }))!;
    if (SPREAD_HOURS > 0) {
      const spread = await spreadSubmissionTimes(bench.db, engine, study.id, SPREAD_HOURS);
      console.log(`spread over ${SPREAD_HOURS} hours: times updated in ${spread.updateSeconds.toFixed(1)} s, tallies and hourly shifts recounted in ${spread.recountSeconds.toFixed(1)} s`);
    }
    await bareGroupedPass(bench.db, study.id); // warm the cache for both measurements alike
    const bare: number[] = [];
    const full: number[] = [];
    let reportRows = 0;
    for (let i = 0; i < 3; i++) {
      bare.push((await time(() => bareGroupedPass(bench.db, study.id)))[1]);
      const [r, s] = await time(() => studyReport(bench.db, { id: study.id }, DEFAULT_BOOTSTRAP));
      full.push(s);
      reportRows = r.rows.length;
    }
    console.log(`report: ${reportRows} rows in ${median(full).toFixed(2)} s (median of 3); bare grouped pass ${median(bare).toFixed(2)} s; ratio ${(median(full) / median(bare)).toFixed(2)}×`);

    const out = path.join(dir, "export.csv");
    const child = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/lib/export-child.ts"), bench.url, STUDY, out], { cwd: ROOT, encoding: "utf8" });
    if (child.status !== 0) throw new Error(child.stderr);
    const exp = JSON.parse(child.stdout.trim().split("\n").pop()!);
    const nativeSeconds = nativeCsvExport(bench.url, path.join(dir, "native.csv"), bench.target as { engine: string; file?: string });
    console.log(`export: ${exp.rows} rows in ${exp.seconds.toFixed(1)} s (${(exp.rows / exp.seconds).toFixed(0)} rows/s), peak RSS ${exp.maxRssMb.toFixed(0)} MB; ` +
      `${engine === "sqlite" ? "sqlite3 -csv" : "psql \\copy"} of the same query ${nativeSeconds.toFixed(1)} s; ratio ${(exp.seconds / nativeSeconds).toFixed(2)}×`);

    const result = { engine, type: TYPE, rows, date: new Date().toISOString(),
      import: { seconds: importSeconds, rowsPerSecond: rows / importSeconds, peakRssMb: peakRss / 1024 ** 2 },
      report: { seconds: median(full), bareSeconds: median(bare), ratio: median(full) / median(bare), rows: reportRows },
      export: { seconds: exp.seconds, rowsPerSecond: exp.rows / exp.seconds, peakRssMb: exp.maxRssMb, nativeSeconds, ratio: exp.seconds / nativeSeconds } };
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, `bench/results/analytics-${engine}-${TYPE}.json`), JSON.stringify(result, null, 2));
  } finally {
    if (KEEP) {
      await bench.db.$disconnect();
      console.log(`kept the database: ${bench.url}`);
    } else await bench.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
