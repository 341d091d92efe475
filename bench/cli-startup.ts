// What every `verdict` command pays before its own work: Node's start, loading the command's code,
// and the schema check. Measured as wall time of whole runs against two baselines in the same run
// (a bare `node -e 0` and the engine's own `sqlite3` CLI), and, for the commands that touch the
// database, the moment the CLI reports being ready for work (VERDICT_CLI_TIMING=1).
//   npm run bench:cli -- [--runs 9]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { intFlag, parseArgs } from "../server/cli/args";
import { median } from "./lib/latency";

const args = parseArgs(process.argv.slice(2));
const RUNS = intFlag(args, "runs", 9);
const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "bin", "verdict.mjs");
const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-bench-cli-"));
const url = `file:${path.join(dir, "bench.db")}`;

function run(cmd: string, argv: string[], env: Record<string, string> = {}): { seconds: number; stderr: string } {
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, ...env }, encoding: "utf8" });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed: ${r.stderr}`);
  return { seconds, stderr: r.stderr };
}


function measure(label: string, cmd: string, argv: string[], env: Record<string, string> = {}) {
  const wall: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = run(cmd, argv, { VERDICT_CLI_TIMING: "1", ...env });
    wall.push(r.seconds);
    const m = /ready for work at (\d+) ms/.exec(r.stderr);
    if (m) ready.push(Number(m[1]) / 1000);
  }
  return { label, wall: median(wall), ready: ready.length ? median(ready) : null };
}

try {
  // A small demo database: later runs find the schema current and a study to report on.
  run(process.execPath, [BIN, "db", "seed", "--text-prompts", "2", "--image-prompts", "1"]);
  const report = ["report", "--study", "Device 2026 vs 2025 — text", "--out", path.join(dir, "report.csv")];
  const rows = [
    measure("node -e 0 (baseline)", process.execPath, ["-e", "0"]),
    measure("sqlite3 select 1 (baseline)", "sqlite3", [path.join(dir, "bench.db"), "select 1"]),
    measure("verdict help, compiled", process.execPath, [BIN, "help"]),
    measure("verdict help, from source (tsx)", process.execPath, [BIN, "help"], { VERDICT_CLI_FROM_SOURCE: "1" }),
    measure("verdict report (small study), compiled", process.execPath, [BIN, ...report]),
    measure("verdict report (small study), from source (tsx)", process.execPath, [BIN, ...report], { VERDICT_CLI_FROM_SOURCE: "1" }),
    measure("verdict db migrate (schema current), compiled", process.execPath, [BIN, "db", "migrate"]),
  ];
  const sqlite = rows[1].wall;
  const node = rows[0].wall;
  console.log(`median of ${RUNS} runs; ratios against sqlite3 and against a bare node start in the same run`);
  for (const r of rows) {
    console.log(`${r.label.padEnd(50)} ${r.wall.toFixed(3)} s  ×${(r.wall / sqlite).toFixed(1)} sqlite3  ×${(r.wall / node).toFixed(1)} node` +
      (r.ready === null ? "" : `  · ready for work at ${r.ready.toFixed(3)} s`));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
