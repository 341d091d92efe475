// A Linux process's /proc/<pid>/stat, read as its fields: the CLI's lifeline reads its launchers'
// parents and start times from it, and benchmarks a server's CPU time.
import { readFileSync } from "node:fs";

/**
 * The fields that follow the command name, from the state on (so the parent pid is [1], utime and
 * stime [11] and [12], the start time [19]); null when the process is gone or there is no /proc.
 * The command name in parentheses may itself hold spaces or parentheses: the fields follow the last ")".
 */
export function procStatFields(pid: number): string[] | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}
