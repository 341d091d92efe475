#!/usr/bin/env node
// Runs the `verdict` command in this same process (a killed command must leave no worker behind
// that goes on writing): the compiled CLI in dist/cli when it is at least as new as every source
// it was compiled from (npm install and `npm run build:cli` compile it), otherwise the TypeScript
// sources through tsx, as a checkout being edited needs. VERDICT_CLI_FROM_SOURCE=1 forces the latter.
// The one exception is a local import, which runs again in a process with one malloc arena
// (one-malloc-arena.mjs); that process dies with this one (server/cli/lifeline.ts).
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compiledCliIsCurrent } from "./compiled-cli.mjs";
import { runWithOneMallocArena, wantsOneMallocArena } from "./one-malloc-arena.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.VERDICT_ROOT ??= root;
process.env.NEXT_TELEMETRY_DISABLED = "1";

if (wantsOneMallocArena(process.argv.slice(2), process.env)) {
  runWithOneMallocArena();
} else if (process.env.VERDICT_CLI_FROM_SOURCE !== "1" && compiledCliIsCurrent(root)) {
  await import(pathToFileURL(path.join(root, "dist", "cli", "main.js")).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(root, "server", "cli", "main.ts")).href);
}
