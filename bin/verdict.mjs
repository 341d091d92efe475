#!/usr/bin/env node
// Runs the TypeScript CLI (server/cli/main.ts) through tsx, from any working directory, in this
// same process: a killed command must leave no worker behind that goes on writing.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.VERDICT_ROOT ??= root;
process.env.NEXT_TELEMETRY_DISABLED = "1";
register();
await import(pathToFileURL(path.join(root, "server", "cli", "main.ts")).href);
