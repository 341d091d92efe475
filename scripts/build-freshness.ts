// Whether .next holds a production build at least as new as every source file it is built from.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIsCurrent(root: string): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  const inputs = ["app", "server", "seed"].map((d) => newestFile(path.join(root, d)));
  const configs = ["next.config.ts", "package-lock.json", "postcss.config.mjs"].map((f) => statSync(path.join(root, f)).mtimeMs);
  return Math.max(...inputs, ...configs) < built;
}
