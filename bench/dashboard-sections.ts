// Each study dashboard section's server-side work, in process, on a study of 1,000,000 judgments:
// what the page's headline, breakdowns (the full report), grader quality, reliability-weighted verdicts, over-time view,
// progress panel and (side-by-side) planning section each cost before they reach the browser. Baselines from the same run: one bare
// grouped pass over the same judgments (count and sum per item and dimension, as bench:analytics),
// and the same sections on a study of 1,000 judgments.
//   npm run bench:sections -- [--engine sqlite|pg] [--type side_by_side|single_sided] [--rows 1000000] [--runs 3] [--db FILE | --url URL]
// --db reuses an SQLite file, --url any database (e.g. one bench:analytics -- --keep left), that
// already holds the "Bench analytics" study: the import takes minutes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bareGroupedPass, findStudy } from "../server/analytics/repo";
import { createDb, targetOf } from "../server/db/client";
import { resolveDatabaseUrl } from "../server/db/database-url";
import * as dashboards from "../server/dashboards/service";
import { studyPlan } from "../server/planner/service";
import { createBenchDatabase } from "./lib/bench-database";
import { BIG, SMALL, dashboardBenchOptions, ensureDashboardStudies } from "./lib/dashboard-studies";
import { median } from "./lib/latency";

const O = dashboardBenchOptions(process.argv.slice(2), 3);
const { type: TYPE, runs: RUNS } = O;
const ROOT = path.resolve(import.meta.dirname, "..");
/** The planning section's defaults (planning-section.tsx): ±3 points, a 5-point difference at 80% power. */
const PLAN_TARGETS = { targetHalfWidth: 0.03, difference: 0.05, power: 0.8 };

async function seconds(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-bench-sections-"));
  const reused = O.reuse ? `file:${path.resolve(O.reuse)}` : O.reuseUrl;
  const bench = reused ? null : await createBenchDatabase(O.engine);
  const db = bench?.db ?? createDb(resolveDatabaseUrl(reused!, os.tmpdir(), ROOT));
  try {
    await ensureDashboardStudies(db, dir, O);
    const big = (await findStudy(db, { name: BIG }))!;
    const small = (await findStudy(db, { name: SMALL }))!;
    const sections = (id: string): [string, () => Promise<unknown>][] => [
      ["headline", () => dashboards.headline(db, id, {})],
      ["breakdowns (full report)", () => dashboards.filteredReport(db, id, {})],
      ["grader quality", () => dashboards.quality(db, id, {})],
      ["reliability-weighted verdicts", () => dashboards.weightedVerdicts(db, id, {})],
      ["over time", () => dashboards.overTime(db, id, {})],
      ["progress by dimension", () => dashboards.dimensionProgress(db, id)],
      // The planner projects side-by-side decisive rates only.
      ...(TYPE === "side_by_side" ? [["planning (stable yet?)", () => studyPlan(db, { id }, PLAN_TARGETS)] as [string, () => Promise<unknown>]] : []),
    ];
    await bareGroupedPass(db, big.id); // warm the cache for every measurement alike
    for (const [, fn] of [...sections(small.id), ...sections(big.id)]) await fn();
    const bare: number[] = [];
    const times = new Map<string, { big: number[]; small: number[] }>();
    for (let r = 0; r < RUNS; r++) {
      bare.push(await seconds(() => bareGroupedPass(db, big.id)));
      for (const [which, id] of [["big", big.id], ["small", small.id]] as const) {
        for (const [name, fn] of sections(id)) {
          const t = times.get(name) ?? times.set(name, { big: [], small: [] }).get(name)!;
          t[which].push(await seconds(fn));
        }
      }
    }
    const judgments = await db.judgment.count({ where: { studyId: big.id } });
    const b = median(bare);
    console.log(`${targetOf(db).engine}, ${TYPE}, ${judgments.toLocaleString("en-US")} judgments, median of ${RUNS}; bare grouped pass ${b.toFixed(2)} s`);
    console.log(`| section | ${judgments.toLocaleString("en-US")} judgments | vs bare grouped pass | same section, 1,000 judgments |`);
    console.log("| --- | --- | --- | --- |");
    const result: Record<string, { seconds: number; ratio: number; smallSeconds: number }> = {};
    for (const [name, t] of times) {
      const s = median(t.big);
      result[name] = { seconds: s, ratio: s / b, smallSeconds: median(t.small) };
      console.log(`| ${name} | ${s.toFixed(2)} s | ${(s / b).toFixed(2)}× | ${median(t.small).toFixed(3)} s |`);
    }
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, `bench/results/sections-${targetOf(db).engine}-${TYPE}.json`),
      JSON.stringify({ engine: targetOf(db).engine, type: TYPE, judgments, runs: RUNS, date: new Date().toISOString(), bareSeconds: b, sections: result }, null, 2));
  } finally {
    if (bench) await bench.drop();
    else await db.$disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
