// Ends this process the moment the command that launched it is gone (see domain/launcher-chain.ts).
// SIGKILL to ourselves, the same as a crash: an open transaction is never committed, and the
// engine rolls it back (SQLite from its journal on next open; PostgreSQL when the connection drops).
import { readFileSync } from "node:fs";
import { launcherChain, type ProcessInfo } from "./domain/launcher-chain";
import { procStatFields } from "./proc-stat";

const POLL_MS = 200;

/** Parent pid and start time (clock ticks since boot) from /proc/<pid>/stat; null when the process is gone. */
function stat(pid: number): { ppid: number; started: string } | null {
  const fields = procStatFields(pid);
  return fields && { ppid: Number(fields[1]), started: fields[19] };
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

function ancestors(): ProcessInfo[] {
  const chain: ProcessInfo[] = [];
  for (let pid = process.ppid; pid > 1 && chain.length < 8; pid = stat(pid)?.ppid ?? 0) chain.push({ pid, command: commandOf(pid) });
  return chain;
}

/** `relaunchedBy`: the pid of the `bin/verdict.mjs` that ran this command again (bin/one-malloc-arena.mjs). */
export function dieWithLauncher(launchedByNpm: boolean, relaunchedBy?: number): void {
  if (process.platform !== "linux") return;
  // The process that ran this one again has already ended (killed while this one started).
  if (relaunchedBy !== undefined && process.ppid !== relaunchedBy) process.kill(process.pid, "SIGKILL");
  const watched = launcherChain(ancestors(), launchedByNpm, relaunchedBy).map((p) => ({ pid: p.pid, started: stat(p.pid)?.started }));
  if (!watched.length) return;
  // A process that is gone, or whose pid now belongs to a newer process, has ended.
  const timer = setInterval(() => {
    if (watched.some((w) => stat(w.pid)?.started !== w.started)) process.kill(process.pid, "SIGKILL");
  }, POLL_MS);
  timer.unref();
}
