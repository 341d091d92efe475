// The `verdict` command. Every command first brings the database (SQLite file or PostgreSQL) up
// to the current schema, so it works from a fresh clone against any DATABASE_URL.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { databaseTarget, db } from "../db";
import { migrate } from "../db/migrate";
import { env } from "../env";
import { ensureBuiltInDimensions } from "../studies/service";
import { createUser } from "../users/service";
import { ZCreateUser } from "../users/schema";
import { DEFAULT_DEMO, seedDemo } from "../../seed/demo";
import { demoLoginsText } from "../../seed/demo-content";
import { assertKnownFlags, intFlag, parseArgs, stringFlag, UsageError, type ParsedArgs } from "./args";

const USAGE = `Usage: verdict <command>

  db migrate                          apply pending migrations (SQLite or PostgreSQL per DATABASE_URL)
  db seed [--seed N] [--judgments N] [--if-empty]
                                      fill an empty database with the demo landscape
  users add --email E --role ADMIN|RESEARCHER|GRADER [--name N] [--locales en-US,ja-JP] [--password P]
                                      create a user (a password is generated and printed when omitted)
`;

function describeTarget(): string {
  const t = databaseTarget();
  return t.engine === "sqlite" ? `SQLite ${path.relative(process.cwd(), t.file) || t.file}` : `PostgreSQL ${t.url.replace(/\/\/[^@]*@/, "//…@")}`;
}

async function ensureDatabase(quiet = false): Promise<void> {
  const applied = await migrate(databaseTarget(), path.join(env().root, "prisma", "migrations"));
  await ensureBuiltInDimensions(db());
  if (!quiet || applied.length) console.error(`${describeTarget()}: ${applied.length ? `applied ${applied.join(", ")}` : "schema up to date"}`);
}

async function dbSeed(args: ParsedArgs) {
  assertKnownFlags(args, ["seed", "judgments", "if-empty", "text-prompts", "image-prompts"]);
  await ensureDatabase(true);
  if (args.flags["if-empty"] && (await db().user.count()) > 0) {
    console.error("Database already has data; demo seed skipped.");
    return;
  }
  const started = Date.now();
  const result = await seedDemo(db(), {
    seed: intFlag(args, "seed", DEFAULT_DEMO.seed),
    textPromptsPerLocale: intFlag(args, "text-prompts", DEFAULT_DEMO.textPromptsPerLocale),
    imagePromptsPerLocale: intFlag(args, "image-prompts", DEFAULT_DEMO.imagePromptsPerLocale),
    extraJudgments: intFlag(args, "judgments", 0) || undefined,
    log: (line) => console.error(`  ${line}`),
  });
  console.error(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.studies.length} studies.`);
  console.log(demoLoginsText());
}

async function usersAdd(args: ParsedArgs) {
  assertKnownFlags(args, ["email", "role", "name", "locales", "password"]);
  const email = stringFlag(args, "email", true);
  const generated = stringFlag(args, "password") === undefined;
  const password = stringFlag(args, "password") ?? randomBytes(12).toString("base64url");
  const input = ZCreateUser.parse({
    email, role: stringFlag(args, "role", true).toUpperCase(), password,
    displayName: stringFlag(args, "name") ?? email.split("@")[0],
    locales: (stringFlag(args, "locales") ?? "").split(",").map((l) => l.trim()).filter(Boolean),
  });
  await ensureDatabase(true);
  const user = await createUser(db(), null, input);
  console.log(`Created ${user.role.toLowerCase()} ${user.email}${generated ? ` with password ${password}` : ""}`);
}

async function main(argv: string[]) {
  const args = parseArgs(argv);
  const [group, command, ...rest] = args.positionals;
  const key = `${group ?? ""} ${command ?? ""}`.trim();
  if (rest.length) throw new UsageError(`Unexpected argument "${rest[0]}"`);
  switch (key) {
    case "db migrate": assertKnownFlags(args, []); return ensureDatabase();
    case "db seed": return dbSeed(args);
    case "users add": return usersAdd(args);
    case "": case "help": console.log(USAGE); return;
    default: throw new UsageError(`Unknown command "${key}"`);
  }
}

function explain(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
  if (error instanceof ZodError) return error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("\n");
  if (error instanceof TRPCError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

main(process.argv.slice(2))
  .then(() => db().$disconnect())
  .catch(async (error) => {
    console.error(`verdict: ${explain(error)}`);
    await db().$disconnect().catch(() => {});
    process.exitCode = error instanceof UsageError ? 2 : 1;
  });
