// Runs the real `verdict` command in a child process, as a user would.
import { spawnSync } from "node:child_process";
import path from "node:path";

const BIN = path.resolve(import.meta.dirname, "../../bin/verdict.mjs");

export function runCli(args: string[], databaseUrl: string, cwd = process.cwd()) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
