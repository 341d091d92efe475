// How fast a study dashboard opens in Chromium on a study of 1,000,000 judgments: from navigation
// to the headline chart drawn, and to every section loaded. Baselines measured in the same run,
// against the same server: the same dashboard on a study of 1,000 judgments, and the plain
// Models page (a server-rendered table, no charts).
//   npm run bench:dashboard -- [--engine sqlite|pg] [--type side_by_side|single_sided] [--rows 1000000] [--runs 5] [--db FILE]
// --db reuses an SQLite file that already holds the "Bench analytics" study (the import takes minutes).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { makeUser } from "../seed/factories";
import { findStudy } from "../server/analytics/repo";
import { createDb } from "../server/db/client";
import { ensureBuild, startAppServer } from "./lib/app-server";
import { createBenchDatabase } from "./lib/bench-database";
import { BIG, SMALL, dashboardBenchOptions, ensureDashboardStudies } from "./lib/dashboard-studies";
import { median } from "./lib/latency";

const O = dashboardBenchOptions(process.argv.slice(2), 5);
const { engine, type: TYPE, runs: RUNS } = O;
const REUSE = O.reuse;
const PASSWORD = "bench-dashboard-pass";
const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = 3460;

/** Milliseconds from navigation to the headline, to the grader table and over-time chart, and to every section (the weighted verdicts last). */
async function openDashboard(page: Page, url: string): Promise<{ headline: number; beforeWeighted: number; all: number }> {
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  const headlineChart = TYPE === "side_by_side" ? "Preference by dimension" : "Mean score by dimension";
  await page.getByRole("region", { name: headlineChart }).locator(".recharts-bar-rectangle").first().waitFor({ timeout: 120_000 });
  const headline = performance.now() - t0;
  await page.locator("#over-time .recharts-surface").first().waitFor({ timeout: 300_000 });
  await page.getByRole("region", { name: "Graders" }).waitFor({ timeout: 300_000 });
  const beforeWeighted = performance.now() - t0;
  // Side-by-side: the reliability-weighted verdicts, loaded last (or the note that the study is above their limit).
  if (TYPE === "side_by_side") {
    await page.getByRole("region", { name: "Reliability-weighted verdicts" }).or(page.getByText(/are computed on the page for up to/)).first().waitFor({ timeout: 300_000 });
  }
  return { headline, beforeWeighted, all: performance.now() - t0 };
}

async function openModels(page: Page, url: string): Promise<number> {
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  await page.getByRole("table").first().waitFor();
  await page.waitForLoadState("load");
  return performance.now() - t0;
}

async function main() {
  ensureBuild();
  const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-bench-dashboard-"));
  const bench = REUSE ? null : await createBenchDatabase(engine);
  const url = REUSE ? `file:${path.resolve(REUSE)}` : bench!.url;
  const db = bench?.db ?? createDb({ engine: "sqlite", file: path.resolve(REUSE!), url });
  try {
    await ensureDashboardStudies(db, dir, O);
    const email = `bench-researcher-${Date.now()}@bench.verdict`;
    await makeUser(db, { email, role: "RESEARCHER", password: PASSWORD });
    const big = (await findStudy(db, { name: BIG }))!;
    const small = (await findStudy(db, { name: SMALL }))!;
    const judgments = await db.judgment.count({ where: { studyId: big.id } });

    const server = await startAppServer(url, PORT);
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"] });
    try {
      const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await page.goto(`${server.url}/login`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/\/studies$/);

      // A fresh server loads each route's code on first use: warm it on the small study, then time
      // the big study's first visit separately from the repeated ones.
      const serverFirst = await openDashboard(page, `${server.url}/studies/${small.id}/dashboard`);
      const first = await openDashboard(page, `${server.url}/studies/${big.id}/dashboard`);
      const bigRuns: { headline: number; beforeWeighted: number; all: number }[] = [];
      const smallRuns: { headline: number; beforeWeighted: number; all: number }[] = [];
      const modelsRuns: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        modelsRuns.push(await openModels(page, `${server.url}/models`));
        smallRuns.push(await openDashboard(page, `${server.url}/studies/${small.id}/dashboard`));
        bigRuns.push(await openDashboard(page, `${server.url}/studies/${big.id}/dashboard`));
      }
      const r = {
        engine, type: TYPE, judgments, runs: RUNS, date: new Date().toISOString(),
        firstVisit: first, serverFirstVisitSmall: serverFirst,
        big: { headlineMs: median(bigRuns.map((x) => x.headline)), beforeWeightedMs: median(bigRuns.map((x) => x.beforeWeighted)), allMs: median(bigRuns.map((x) => x.all)), maxHeadlineMs: Math.max(...bigRuns.map((x) => x.headline)) },
        small: { headlineMs: median(smallRuns.map((x) => x.headline)), allMs: median(smallRuns.map((x) => x.all)) },
        modelsPageMs: median(modelsRuns),
      };
      const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(`${engine}, ${TYPE}, ${judgments.toLocaleString("en-US")} judgments, median of ${RUNS} visits:`);
      console.log(`  headline chart drawn: ${f(r.big.headlineMs)} (slowest ${f(r.big.maxHeadlineMs)}; first visit of this study ${f(first.headline)})`);
      console.log(`  (the server's very first dashboard, on the small study, took ${f(serverFirst.headline)})`);
      console.log(`  every section loaded: ${f(r.big.allMs)} (first visit ${f(first.all)}); all but the weighted verdicts (side-by-side, loaded last): ${f(r.big.beforeWeightedMs)}`);
      console.log(`  baseline, same dashboard on 1,000 judgments: headline ${f(r.small.headlineMs)}, all ${f(r.small.allMs)} -> headline ratio ${(r.big.headlineMs / r.small.headlineMs).toFixed(2)}x`);
      console.log(`  baseline, Models page: ${f(r.modelsPageMs)} -> headline ratio ${(r.big.headlineMs / r.modelsPageMs).toFixed(2)}x`);
      mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
      writeFileSync(path.join(ROOT, `bench/results/dashboard-${engine}-${TYPE}.json`), JSON.stringify(r, null, 2));
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (bench) await bench.drop();
    else await db.$disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
