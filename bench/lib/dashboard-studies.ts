// The studies and options the two dashboard benchmarks share (bench:dashboard in Chromium,
// bench:sections in process), so that both time the same studies, imported the same way.
import path from "node:path";
import { findStudy } from "../../server/analytics/repo";
import { intFlag, parseArgs, stringFlag } from "../../server/cli/args";
import type { Db } from "../../server/db/client";
import { importJudgments } from "../../server/imports/import-judgments";
import { writeJudgmentsFile } from "./judgments-file";

/** The study timed, and the 1,000-judgment study the same dashboard is compared with. */
export const BIG = "Bench analytics";
export const SMALL = "Bench dashboard small";

export interface DashboardBenchOptions {
  engine: "sqlite" | "pg";
  type: "side_by_side" | "single_sided";
  rows: number;
  runs: number;
  /** an SQLite file that already holds the studies (--db) */
  reuse?: string;
  /** any database URL that already holds them (--url) */
  reuseUrl?: string;
}

export function dashboardBenchOptions(argv: string[], defaultRuns: number): DashboardBenchOptions {
  const args = parseArgs(argv);
  return {
    engine: (stringFlag(args, "engine") ?? "sqlite") as "sqlite" | "pg",
    type: (stringFlag(args, "type") ?? "side_by_side") as "side_by_side" | "single_sided",
    rows: intFlag(args, "rows", 1_000_000),
    runs: intFlag(args, "runs", defaultRuns),
    reuse: stringFlag(args, "db"),
    reuseUrl: stringFlag(args, "url"),
  };
}

/** Imports whichever of the two studies the database lacks (generated files in `dir`). */
export async function ensureDashboardStudies(db: Db, dir: string, o: Pick<DashboardBenchOptions, "type" | "rows">): Promise<void> {
  for (const [study, rows] of [[BIG, o.rows], [SMALL, 1_000]] as const) {
    if (await findStudy(db, { name: study })) continue;
    const file = path.join(dir, `${rows}.csv`);
    await writeJudgmentsFile(file, study, o.type, rows);
    const t0 = performance.now();
    await importJudgments(db, file);
    console.log(`imported ${rows.toLocaleString("en-US")} ${o.type} judgments into "${study}" in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
}
