#!/usr/bin/env node
// Runs the `verdict` command in this same process (a killed command must leave no worker behind
// that goes on writing): the compiled CLI in dist/cli when it is at least as new as every source
// it was compiled from (npm install and `npm run build:cli` compile it), otherwise the TypeScript
// sources through tsx, as a checkout being edited needs. VERDICT_CLI_FROM_SOURCE=1 forces the latter.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compiledCliIsCurrent } from "./compiled-cli.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.VERDICT_ROOT ??= root;
process.env.NEXT_TELEMETRY_DISABLED = "1";

if (process.env.VERDICT_CLI_FROM_SOURCE !== "1" && compiledCliIsCurrent(root)) {
  await import(pathToFileURL(path.join(root, "dist", "cli", "main.js")).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(root, "server", "cli", "main.ts")).href);
}
