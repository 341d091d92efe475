// Runs the real `verdict` command in a child process, as a user would.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

const BIN = path.resolve(import.meta.dirname, "../../bin/verdict.mjs");

export function runCli(args: string[], databaseUrl: string, cwd = process.cwd()) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same, without blocking this process: for tests that serve HTTP to the command from here. */
export function runCliAsync(args: string[], env: Record<string, string>, cwd = process.cwd()): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => { stdout += d; });
    child.stderr.on("data", (d) => { stderr += d; });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
