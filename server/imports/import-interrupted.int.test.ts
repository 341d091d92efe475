// An import killed half-way through writing (SIGKILL, no chance to clean up) leaves the database
// exactly as it was: the write is one transaction, which the engine rolls back.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeJudgmentsFile } from "../../bench/lib/judgments-file";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";

const BIN = path.resolve(import.meta.dirname, "../../bin/verdict.mjs");
const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-import-kill-"));

describe.each(await testEngines())("an import killed half-way on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  it("stores nothing", async () => {
    const file = path.join(dir, `killed-${engine}.csv`);
    await writeJudgmentsFile(file, "Killed import", "side_by_side", 60_000);
    const before = await Promise.all([t.db.study.count(), t.db.judgment.count(), t.db.prompt.count(), t.db.user.count()]);
    const child = spawn(process.execPath, [BIN, "import", "judgments", file], { env: { ...process.env, DATABASE_URL: t.target.url }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    // Kill it once it reports writing and has written a part of the rows.
    const killed = await new Promise<boolean>((resolve) => {
      const watch = (chunk: Buffer) => {
        output += chunk.toString();
        const m = [...output.matchAll(/\(writing\): (\d+)%/g)].pop();
        if (m && Number(m[1]) >= 20 && Number(m[1]) < 100) { child.kill("SIGKILL"); resolve(true); }
      };
      child.stdout.on("data", watch);
      child.stderr.on("data", watch);
      child.on("exit", () => resolve(false));
    });
    expect(killed, `the import finished before it could be killed:\n${output.slice(-500)}`).toBe(true);
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once("exit", r) : r(null)));
    expect(child.signalCode).toBe("SIGKILL");
    // A new connection sees the database as before (SQLite rolls back the hot journal on open).
    const after = await Promise.all([t.db.study.count(), t.db.judgment.count(), t.db.prompt.count(), t.db.user.count()]);
    expect(after).toEqual(before);
  }, 120_000);
});
