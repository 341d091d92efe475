// CPU time a process has used so far (user + system, all its threads), read from Linux's /proc:
// the server's own cost per request, which the machine's load does not inflate the way it does
// latencies. Null where /proc is not there.
import { execFileSync } from "node:child_process";
import { procStatFields } from "../../server/cli/proc-stat";

let ticksPerSecond: number | undefined;

export function processCpuMs(pid: number): number | null {
  const fields = procStatFields(pid);
  if (!fields) return null;
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond; // utime + stime
}
