// Starts the production build of Verdict on a port against a given database, for benchmarks.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { buildIsCurrent } from "../../scripts/build-freshness";

const ROOT = path.resolve(import.meta.dirname, "../..");

export function ensureBuild(): void {
  if (buildIsCurrent(ROOT)) return;
  const r = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (r.status !== 0) throw new Error("next build failed");
}

export async function startAppServer(databaseUrl: string, port: number, extraEnv: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void>; child: ChildProcess }> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)], {
    cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...extraEnv, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/trpc/health.ping`)).ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url, child,
    // SIGTERM, then SIGKILL if the server has not gone within 10 s: a benchmark must end by itself.
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => { clearTimeout(force); resolve(); });
      child.kill("SIGTERM");
    }),
  };
}
