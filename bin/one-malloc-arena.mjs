// An import run again, once, with glibc's malloc limited to one arena. glibc gives a thread that
// finds the main arena busy an arena of its own (up to eight per core) and keeps what is freed in
// each for that thread's later use. V8's background threads (its compilers) take such arenas during
// an import; a million-row import peaked at 280–291 MiB of RSS, and at 254 MiB with one arena, no
// slower (docs/performance.md). glibc reads MALLOC_ARENA_MAX when a process starts and never after,
// and Node 20 cannot replace its own process image, so the command starts itself again with it
// set and waits. Plain JavaScript: it runs before anything can compile TypeScript.
import { spawn } from "node:child_process";
import { constants } from "node:os";

// Told to the process run again, so that it dies with this one (server/cli/lifeline.ts).
export const RELAUNCHED_BY = "VERDICT_CLI_RELAUNCHED_BY";
const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"];

/** Whether this process runs on glibc (the C library whose malloc reads MALLOC_ARENA_MAX). */
export const isGlibc = () => process.platform === "linux" && Boolean(process.report?.getReport().header.glibcVersionRuntime);

/**
 * Whether to run `args` (the command's arguments) again with one arena: a local import (the one
 * command that holds a file's worth of rows), on glibc, when the arena count is not set already.
 * A remote import (--server or VERDICT_SERVER) holds nothing: it streams the file.
 */
export function wantsOneMallocArena(args, env) {
  if (args[0] !== "import" || env.MALLOC_ARENA_MAX !== undefined || env[RELAUNCHED_BY] !== undefined) return false;
  if (env.VERDICT_SERVER || args.some((a) => a === "--server" || a.startsWith("--server="))) return false;
  return isGlibc();
}

/**
 * Runs this same command (Node, its options, the script and its arguments) again with one arena,
 * and ends as it ends: with its exit code, or by the signal that ended it. Signals sent to this
 * process are passed on; should this process be killed outright, the other sees it gone and ends
 * itself before it commits anything (the lifeline).
 */
export function runWithOneMallocArena() {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, MALLOC_ARENA_MAX: "1", [RELAUNCHED_BY]: String(process.pid) },
  });
  const pass = (signal) => child.kill(signal);
  for (const s of FORWARDED_SIGNALS) process.on(s, pass);
  child.on("error", (error) => {
    console.error(`verdict: could not start the import: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    for (const s of FORWARDED_SIGNALS) process.off(s, pass);
    if (signal) {
      process.kill(process.pid, signal);
      // A signal Node ignores (SIGPIPE) does not end this process: exit as a shell reports it.
      process.exit(128 + (constants.signals[signal] ?? 0));
    }
    process.exit(code ?? 1);
  });
}
