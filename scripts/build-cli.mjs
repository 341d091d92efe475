// Compiles the `verdict` command (server/cli/main.ts and what it imports) into dist/cli/ once, at
// install and build time, so that a command does not spend seconds compiling TypeScript on every
// run. Each command's code is a chunk of its own, loaded only when that command runs; packages
// stay in node_modules (but one, below). bin/verdict.mjs runs the compiled CLI when it is newer than every source
// file and falls back to compiling on the fly (tsx) when it is not, so an edited checkout never
// runs stale code.
import { build } from "esbuild";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist", "cli");
// Packages stay in node_modules, except zod: loaded as its hundred ES modules it costs ~90 ms on
// every start (the configuration is validated with it), compiled in it costs a fraction of that.
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const BUNDLED = new Set(["zod"]);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !BUNDLED.has(d)).flatMap((d) => [d, `${d}/*`]);
rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  // The computation workers too (server/workers/compute-worker.ts): compiled, one starts in tens
  // of milliseconds instead of compiling the leaderboard's or the report's TypeScript in every thread.
  entryPoints: {
    main: path.join(root, "server", "cli", "main.ts"),
    "slice-worker": path.join(root, "server", "leaderboard", "slice-worker.ts"),
    "score-rows-worker": path.join(root, "server", "analytics", "score-rows-worker.ts"),
    "weighted-verdicts-worker": path.join(root, "server", "quality", "weighted-verdicts-worker.ts"),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  tsconfig: path.join(root, "tsconfig.json"),
  // A CommonJS dependency bundled into an ES module may call require().
  banner: { js: 'import { createRequire as __verdictRequire } from "node:module"; const require = __verdictRequire(import.meta.url);' },
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
});
// Written last: its time is the build's, which bin/verdict.mjs compares with the sources'.
writeFileSync(path.join(outdir, "built.json"), `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
console.error(`verdict CLI compiled into ${path.relative(root, outdir)} in ${Date.now() - started} ms`);
