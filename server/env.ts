// The one place that reads process.env: every setting Verdict understands, validated once.
import path from "node:path";
import { z } from "zod";

const ZEnv = z.object({
  // Unset: the embedded SQLite file <VERDICT_DATA_DIR>/verdict.db. `file:/abs/path.db` or `postgresql://…`.
  DATABASE_URL: z.string().trim().optional(),
  VERDICT_ROOT: z.string().optional(),
  VERDICT_DATA_DIR: z.string().default("data"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Absolute lifetime of a login session.
  VERDICT_SESSION_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  // "auto": Secure cookies when the request arrived over https (directly or per X-Forwarded-Proto).
  VERDICT_SECURE_COOKIES: z.enum(["auto", "true", "false"]).default("auto"),
  // Comma-separated extra origins allowed to call mutations (e.g. a reverse proxy's public URL).
  VERDICT_ALLOWED_ORIGINS: z.string().default(""),
  // SQLite durability of every commit (server/db/sqlite-connection.ts). FULL: an acknowledged write survives
  // power loss. NORMAL: it survives a crash of the app but may be lost on power loss or an OS crash.
  VERDICT_SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  // How many reverse proxies in front of Verdict append to X-Forwarded-For. The login throttle's
  // per-address scope uses the address the outermost of them saw; with none, a client can forge it
  // (the account-wide scope and known devices still hold).
  VERDICT_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  // Requests per API token per minute (server/tokens); over it, 429 with Retry-After.
  VERDICT_API_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  // The remote CLI: a running Verdict to talk to instead of the database, and an API token for it
  // (the same as --server and --token).
  VERDICT_SERVER: z.string().trim().url().optional(),
  VERDICT_TOKEN: z.string().trim().optional(),
  // Set by npm for the command it runs (`npm run verdict`): the CLI then dies with that npm (server/cli/lifeline.ts).
  npm_lifecycle_event: z.string().optional(),
  // Set by bin/verdict.mjs when it runs an import again with one malloc arena (bin/one-malloc-arena.mjs):
  // its own pid, so that the import dies with it (server/cli/lifeline.ts).
  VERDICT_CLI_RELAUNCHED_BY: z.coerce.number().int().positive().optional(),
  // "1": the CLI says on stderr when its schema check is done, in ms since the process started (bench/cli-startup.ts).
  VERDICT_CLI_TIMING: z.enum(["0", "1"]).default("0"),
});

export type Env = z.infer<typeof ZEnv> & { root: string; dataDir: string };

let cached: Env | null = null;

export function env(): Env {
  if (cached) return cached;
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const root = path.resolve(/*turbopackIgnore: true*/ parsed.data.VERDICT_ROOT ?? process.cwd());
  cached = { ...parsed.data, root, dataDir: path.resolve(/*turbopackIgnore: true*/ root, parsed.data.VERDICT_DATA_DIR) };
  return cached;
}
