// A small filesystem of its own (tmpfs) for storage-fault tests: fill it up, free it, make it
// read-only and writable again under a running database. Mounting needs root, as CI and these
// machines have; elsewhere the tests that need it are skipped, except in CI, where a missing
// mount is a failure rather than a silent skip.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface SmallFilesystem {
  dir: string;
  /** Writes a filler file until the filesystem has no space left. */
  fill(): void;
  /** Removes the filler file. */
  free(): void;
  readOnly(): void;
  writable(): void;
  unmount(): void;
}

export function mountSmallFilesystem(megabytes: number, owner?: { uid: number; gid: number }): SmallFilesystem | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-small-fs-"));
  const options = [`size=${megabytes}m`, ...(owner ? [`uid=${owner.uid}`, `gid=${owner.gid}`, "mode=0700"] : [])].join(",");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmdirSync(dir);
    if (process.env.CI) throw new Error(`storage-fault tests need to mount a tmpfs (as root): ${(error as Error).message}`);
    return null;
  }
  const filler = path.join(dir, "filler");
  const mount = (opts: string) => execFileSync("mount", ["-o", `remount,${opts}`, dir], { stdio: "pipe" });
  return {
    dir,
    fill() {
      const fd = openSync(filler, "a");
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        closeSync(fd);
      }
      // The last partial chunk may leave a few bytes: fill them one at a time.
      const last = openSync(filler, "a");
      try {
        for (;;) writeSync(last, Buffer.alloc(512, 1));
      } catch { /* full */ } finally {
        closeSync(last);
      }
    },
    free: () => rmSync(filler, { force: true }),
    readOnly: () => mount("ro"),
    writable: () => mount("rw"),
    unmount() {
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      rmdirSync(dir);
    },
  };
}
