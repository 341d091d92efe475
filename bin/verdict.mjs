#!/usr/bin/env node
// Runs the TypeScript CLI (server/cli/main.ts) through tsx, from any working directory.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = createRequire(import.meta.url).resolve("tsx");
const result = spawnSync(process.execPath, ["--import", tsx, path.join(root, "server", "cli", "main.ts"), ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, VERDICT_ROOT: process.env.VERDICT_ROOT ?? root, NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(result.status ?? 1);
