// Whether dist/cli holds a compiled `verdict` at least as new as every TypeScript source it is
// compiled from (server/ with the generated Prisma client, and seed/). Plain JavaScript: it runs
// before anything can compile TypeScript.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The newest modification time of a .ts file under dir. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export const COMPILED_STAMP = path.join("dist", "cli", "built.json");

export function compiledCliIsCurrent(root) {
  const stamp = path.join(root, COMPILED_STAMP);
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return ["server", "seed"].every((d) => !existsSync(path.join(root, d)) || newestSource(path.join(root, d)) < built);
}
