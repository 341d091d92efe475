// `npm run demo`: migrates the embedded SQLite database, seeds the demo landscape into it when
// empty, builds the app when the build is missing or older than the sources, starts it, and
// prints the URL and the demo logins.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { demoLoginsText } from "../seed/demo-content";
import { buildIsCurrent } from "./build-freshness";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = process.env.PORT ?? "3000";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, [path.join(ROOT, "bin", "verdict.mjs"), "db", "seed", "--if-empty"]);
if (!buildIsCurrent(ROOT)) {
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
