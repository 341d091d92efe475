// `npm test`: the whole suite in one command — type check, unit tests, integration tests on
// SQLite (and PostgreSQL when reachable; required with VERDICT_TEST_PG=1), the production build,
// and browser tests in Chromium. Ends with one line: "tests: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent } from "./build-freshness";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "test-results");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];

function step(name: string, cmd: string, args: string[]): boolean {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: "inherit" });
  const ok = r.status === 0;
  console.log(`${ok ? "✔" : "✘"} ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function readJson(file: string): Record<string, unknown> | null {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

step("type check", "npx", ["tsc", "--noEmit", "-p", "."]);
step("unit and integration tests (vitest)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(RESULTS, "vitest.json")}`]);
const vitest = readJson(path.join(RESULTS, "vitest.json")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number } | null;
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}

const built = buildIsCurrent(ROOT) || step("production build", "npx", ["next", "build"]);
if (built) {
  step("browser tests (Playwright, Chromium)", "npx", ["playwright", "test"]);
  const e2e = readJson(path.join(RESULTS, "e2e.json")) as { stats: { expected: number; unexpected: number; skipped: number; flaky: number } } | null;
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  }
}

console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(", ")}` : "\nAll steps passed.");
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
