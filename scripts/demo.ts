// `npm run demo`: migrates the embedded SQLite database, seeds the demo landscape into it when
// empty, builds the app when the build is missing or older than the sources, starts it, and
// prints the URL and the demo logins.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { demoLoginsText } from "../seed/demo-content";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = process.env.PORT ?? "3000";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildIsCurrent(): boolean {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return ["app", "server", "seed"].every((d) => newestSource(path.join(ROOT, d)) < built);
}

run(process.execPath, [path.join(ROOT, "bin", "verdict.mjs"), "db", "seed", "--if-empty"]);
if (!buildIsCurrent()) {
  console.log("Building Verdict (first start or changed sources)…");
  run("npx", ["next", "build"]);
}

const server = spawn("npx", ["next", "start", "-p", PORT], { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
const url = `http://localhost:${PORT}`;
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (/Ready|started server/i.test(chunk.toString())) {
    console.log(`\nVerdict is running at ${url}\n\n${demoLoginsText()}\n\nStop with Ctrl+C.`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
