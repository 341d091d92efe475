// The server Playwright tests run against: a fresh SQLite database in data/e2e seeded with a
// small demo landscape, and the production build on port 3123.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = process.env.E2E_PORT ?? "3123";
const env = { ...process.env, VERDICT_DATA_DIR: "data/e2e", DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1" };

rmSync(path.join(ROOT, "data", "e2e"), { recursive: true, force: true });
const seed = spawnSync(process.execPath, [path.join(ROOT, "bin", "verdict.mjs"), "db", "seed", "--text-prompts", "6", "--image-prompts", "2"], { cwd: ROOT, env, stdio: "inherit" });
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", PORT], { cwd: ROOT, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
