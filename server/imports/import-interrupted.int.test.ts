// An import killed half-way through writing (SIGKILL, no chance to clean up; or SIGTERM) leaves the
// database exactly as it was: the write is one transaction, which the engine rolls back. The kill
// goes to the process the user started — `npm run verdict …` or `bin/verdict.mjs` itself, which
// runs the import again in a process with one malloc arena (bin/one-malloc-arena.mjs) — and the
// test then waits until no process of that import is left, so that nothing can commit behind its back.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGlibc } from "../../bin/one-malloc-arena.mjs";
import { writeJudgmentsFile } from "../../bench/lib/judgments-file";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "bin/verdict.mjs");
const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-import-kill-"));

/** Whether process `pid` runs with glibc's malloc limited to one arena. */
const hasOneMallocArena = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes("MALLOC_ARENA_MAX=1");
  } catch {
    return false;
  }
};

/** Processes whose command line names `file`: whatever is still working on this import. */
function processesNaming(file: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(file)) found.push(Number(entry));
    } catch { /* ended meanwhile */ }
  }
  return found;
}

const glibc = isGlibc();

const launchers = {
  npm: (file: string) => ["npm", ["run", "--silent", "verdict", "--", "import", "judgments", file]] as const,
  node: (file: string) => [process.execPath, [BIN, "import", "judgments", file]] as const,
};

describe.each(await testEngines())("an import killed half-way on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  // SIGKILL: no chance to clean up. SIGTERM: what a supervisor sends; an import that runs itself
  // again with one malloc arena (bin/one-malloc-arena.mjs) passes it on and ends by it too.
  const cases: [keyof typeof launchers, "SIGKILL" | "SIGTERM"][] = [["npm", "SIGKILL"], ["node", "SIGKILL"], ["node", "SIGTERM"]];
  it.each(cases)("stores nothing, now or later, when the %s process the user started is sent %s", async (launcher, signal) => {
    const file = path.join(dir, `killed-${engine}-${launcher}-${signal}.csv`);
    // Large enough that writing outlasts the lifeline's poll (cli/lifeline.ts) many times over.
    await writeJudgmentsFile(file, "Killed import", "side_by_side", 150_000);
    const before = await Promise.all([t.db.study.count(), t.db.judgment.count(), t.db.prompt.count(), t.db.user.count()]);
    const [cmd, args] = launchers[launcher](file);
    // Not inherited from a surrounding `npm test`: `npm run` sets it for the command it launches.
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.target.url, npm_lifecycle_event: undefined }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let oneArena = false;
    // Kill it once it reports writing and has written a part of the rows.
    const killed = await new Promise<boolean>((resolve) => {
      const watch = (chunk: Buffer) => {
        output += chunk.toString();
        const m = [...output.matchAll(/\(writing\): (\d+)%/g)].pop();
        if (m && Number(m[1]) >= 20 && Number(m[1]) < 100) {
          oneArena = processesNaming(file).some(hasOneMallocArena);
          child.kill(signal);
          resolve(true);
        }
      };
      child.stdout.on("data", watch);
      child.stderr.on("data", watch);
      child.on("exit", () => resolve(false));
    });
    expect(killed, `the import finished before it could be killed:\n${output.slice(-500)}`).toBe(true);
    expect(oneArena, "the import runs with one malloc arena").toBe(glibc);
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once("exit", r) : r(null)));
    expect(child.signalCode).toBe(signal);
    // Nothing may go on writing: every process of this import ends by itself within seconds.
    const deadline = Date.now() + 15_000;
    while (processesNaming(file).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(processesNaming(file), "processes of the killed import still running").toEqual([]);
    // A new connection sees the database as before (SQLite rolls back the hot journal on open).
    const after = await Promise.all([t.db.study.count(), t.db.judgment.count(), t.db.prompt.count(), t.db.user.count()]);
    expect(after).toEqual(before);
  }, 180_000);
});
