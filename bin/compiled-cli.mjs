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

/** The newest modification time of the sources the CLI is compiled from (0 when there are none). */
export function newestCliSource(root) {
  return Math.max(0, ...["server", "seed"].map((d) => (existsSync(path.join(root, d)) ? newestSource(path.join(root, d)) : 0)));
}

/** The compiled CLI's build time, or null when it was never built. */
export function compiledCliBuiltAt(root) {
  const stamp = path.join(root, COMPILED_STAMP);
  return existsSync(stamp) ? statSync(stamp).mtimeMs : null;
}

export function compiledCliIsCurrent(root) {
  const built = compiledCliBuiltAt(root);
  return built !== null && newestCliSource(root) < built;
}
