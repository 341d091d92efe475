// The `verdict` command. Every command first brings the database (SQLite file or PostgreSQL) up
// to the current schema, so it works from a fresh clone against any DATABASE_URL.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { DEFAULT_BOOTSTRAP } from "../analytics/domain/bootstrap";
import { reportToCsvRecords } from "../analytics/domain/report-format";
import type { ReportRow } from "../analytics/domain/report-row";
import { studyReport } from "../analytics/service";
import { toCsv } from "../exports/csv";
import { exportJudgmentsCsv } from "../exports/service";
import { ImportRejected } from "../imports/domain/import-error";
import { importJudgments, type ImportProgress } from "../imports/import-judgments";
import { folderImages } from "../imports/image-source";
import { importMaterial } from "../imports/import-material";
import { ImportFileError } from "../imports/read-rows";
import { dieWithLauncher } from "./lifeline";
import { progressBar } from "./progress";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { databaseTarget, db } from "../db";
import { migrate } from "../db/migrate";
import { databaseTroubleMessage } from "../db/unavailable";
import { env } from "../env";
import { ensureBuiltInDimensions } from "../studies/service";
import { createUser } from "../users/service";
import { ZCreateUser } from "../users/schema";
import { DEFAULT_DEMO, seedDemo } from "../../seed/demo";
import { demoLoginsText } from "../../seed/demo-content";
import { assertKnownFlags, intFlag, listFlag, parseArgs, stringFlag, UsageError, type ParsedArgs } from "./args";
import { leaderboardCsvRecords } from "../leaderboard/domain/leaderboard-format";
import { ZLeaderboardRequest } from "../leaderboard/schema";
import { leaderboard } from "../leaderboard/service";
import { ZAssumedPlan, ZPlanTargets } from "../planner/schema";
import { assumedPlan, studyPlan } from "../planner/service";

const USAGE = `Usage: verdict <command>

  db migrate                          apply pending migrations (SQLite or PostgreSQL per DATABASE_URL)
  db seed [--seed N] [--judgments N] [--if-empty]
                                      fill an empty database with the demo landscape
  users add --email E --role ADMIN|RESEARCHER|GRADER [--name N] [--locales en-US,ja-JP] [--password P]
                                      create a user (a password is generated and printed when omitted)
  import material FILE [--prompt-set NAME]
                                      prompts and model responses (.csv or .jsonl), all or nothing
  import judgments FILE               judgments from other tools (.csv or .jsonl), all or nothing
  report --study NAME [--format csv|json] [--out FILE] [--seed N] [--resamples N]
                                      the study's statistics as one tidy table
  export judgments --study NAME [--out FILE]
                                      every judgment of the study as CSV
  leaderboard [--study NAME]... [--dimension KEY] [--format csv|json] [--out FILE]
              [--resamples N] [--seed N] [--no-style-control] [--slices all|every]
                                      Bradley–Terry ratings of the models of side-by-side studies
                                      (default: every study sharing models with the largest group)
  plan --study NAME [--target-half-width 0.03] [--power 0.8 --difference 0.05] [--format csv|json] [--out FILE]
  plan --decisive-rate P --tie-rate T --k K [--target-half-width …] [--power … --difference …]
                                      how many more prompts a side-by-side study needs (or a
                                      planned one, from assumed rates), overall and per slice
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

async function importFile(kind: "material" | "judgments", args: ParsedArgs, file: string | undefined) {
  assertKnownFlags(args, kind === "material" ? ["prompt-set"] : []);
  if (!file) throw new UsageError(`import ${kind} needs a FILE`);
  await ensureDatabase(true);
  const bar = progressBar(`import ${kind}`);
  const onProgress = (p: ImportProgress) => bar(p.bytesRead, p.totalBytes, p.phase);
  const started = Date.now();
  if (kind === "material") {
    // The CLI's user has the shell: image paths are read from the material file's folder.
    const r = await importMaterial(db(), file, { promptSet: stringFlag(args, "prompt-set"), onProgress, images: folderImages(path.dirname(path.resolve(file))) });
    console.log(`Imported ${r.rows} rows into prompt set "${r.promptSet}": ${r.prompts} prompts, models ${r.models.join(", ")} (${secondsSince(started)} s).`);
  } else {
    const r = await importJudgments(db(), file, { onProgress });
    console.log(`Imported ${r.rows} rows into ${r.studies.map((s) => `"${s}"`).join(", ")}: ${r.judgmentsAdded} judgments added, ${r.judgmentsAlreadyPresent} already present (${secondsSince(started)} s).`);
  }
}

const secondsSince = (t: number) => ((Date.now() - t) / 1000).toFixed(1);

function output(args: ParsedArgs): { stream: NodeJS.WritableStream & import("node:stream").Writable; file: string | null } {
  const file = stringFlag(args, "out") ?? null;
  return { stream: file ? createWriteStream(file) : process.stdout, file };
}

async function report(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "format", "out", "seed", "resamples"]);
  const study = stringFlag(args, "study", true);
  const format = stringFlag(args, "format") ?? "csv";
  if (format !== "csv" && format !== "json") throw new UsageError(`--format must be csv or json, got "${format}"`);
  const bootstrap = { seed: intFlag(args, "seed", DEFAULT_BOOTSTRAP.seed), resamples: intFlag(args, "resamples", DEFAULT_BOOTSTRAP.resamples) };
  if (bootstrap.resamples < 1000) throw new UsageError("--resamples must be at least 1000");
  await ensureDatabase(true);
  const result = await studyReport(db(), { name: study }, bootstrap);
  const text = format === "json" ? `${JSON.stringify(result, null, 2)}\n` : toCsv(reportToCsvRecords(result.rows));
  const { stream, file } = output(args);
  await new Promise<void>((resolve, reject) => stream.write(text, (e) => (e ? reject(e) : resolve())));
  if (file) await new Promise<void>((resolve) => stream.end(resolve));
  if (result.meta.bootstrap) console.error(`bootstrap: ${result.meta.bootstrap.resamples} resamples, seed ${result.meta.bootstrap.seed} (${result.meta.bootstrap.method})`);
  if (file) console.error(`Wrote ${result.rows.length} rows to ${file}.`);
}

async function leaderboardCommand(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "dimension", "format", "out", "resamples", "seed", "no-style-control", "slices"]);
  const format = stringFlag(args, "format") ?? "csv";
  if (format !== "csv" && format !== "json") throw new UsageError(`--format must be csv or json, got "${format}"`);
  const req = ZLeaderboardRequest.parse({
    studies: listFlag(args, "study"), dimension: stringFlag(args, "dimension"), slices: stringFlag(args, "slices") ?? "every",
    resamples: intFlag(args, "resamples", 1000), seed: intFlag(args, "seed", 20260101), styleControl: args.flags["no-style-control"] === undefined,
  });
  await ensureDatabase(true);
  const started = Date.now();
  const board = await leaderboard(db(), req);
  const text = format === "json" ? `${JSON.stringify(board, null, 2)}\n` : toCsv(leaderboardCsvRecords(board.rows));
  const { stream, file } = output(args);
  await new Promise<void>((resolve, reject) => stream.write(text, (e) => (e ? reject(e) : resolve())));
  if (file) await new Promise<void>((resolve) => stream.end(resolve));
  console.error(`studies: ${board.scope.studies.join(", ")}${board.scope.leftOut.length ? ` (left out, sharing no model with these: ${board.scope.leftOut.join(", ")})` : ""}`);
  console.error(`bootstrap: ${req.resamples} resamples of prompts, seed ${req.seed}; ${board.models.length} models; ${secondsSince(started)} s`);
  for (const s of board.slices) {
    if (s.refused) console.error(`not rated: ${s.dimension}, ${s.slice}: ${s.refused.reason} (${s.refused.components.map((c) => c.join(", ")).join(" | ")})`);
    for (const st of s.standings) for (const note of st.notes) if (s.slice === "all") console.error(`note: ${s.dimension}: ${note}`);
  }
  const all = board.slices.filter((s) => s.slice === "all");
  if (all.length && all.every((s) => s.refused)) {
    throw new TRPCError({ code: "BAD_REQUEST", message: `The models cannot be rated together: ${all[0].refused!.reason}. Groups that never met: ${all[0].refused!.components.map((c) => c.join(", ")).join(" | ")}. Name studies with --study that connect them.` });
  }
  if (file) console.error(`Wrote ${board.rows.length} rows to ${file}.`);
}

/** A number flag (decimal), or the default when absent. */
function numberFlag(args: ParsedArgs, name: string): number | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}"`);
  return n;
}

async function plan(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "target-half-width", "power", "difference", "decisive-rate", "tie-rate", "k", "format", "out"]);
  const format = stringFlag(args, "format") ?? "csv";
  if (format !== "csv" && format !== "json") throw new UsageError(`--format must be csv or json, got "${format}"`);
  const targets = ZPlanTargets.parse({ targetHalfWidth: numberFlag(args, "target-half-width"), power: numberFlag(args, "power"), difference: numberFlag(args, "difference") });
  const study = stringFlag(args, "study");
  const assumed = ["decisive-rate", "tie-rate", "k"].filter((f) => args.flags[f] !== undefined);
  let rows: ReportRow[];
  let json: unknown;
  if (study) {
    if (assumed.length) throw new UsageError(`--${assumed[0]} is for a planned study; with --study the study's own rates are used`);
    await ensureDatabase(true);
    const p = await studyPlan(db(), { name: study }, targets);
    rows = p.rows;
    json = p;
  } else {
    if (assumed.length < 3) throw new UsageError("plan needs --study NAME, or --decisive-rate, --tie-rate and --k for a study not yet run");
    const p = ZAssumedPlan.parse({ ...targets, decisiveRate: numberFlag(args, "decisive-rate"), tieRate: numberFlag(args, "tie-rate"), k: intFlag(args, "k", 0) });
    rows = assumedPlan(p);
    json = { assumed: { decisiveRate: p.decisiveRate, tieRate: p.tieRate, k: p.k }, targets, rows };
  }
  const text = format === "json" ? `${JSON.stringify(json, null, 2)}\n` : toCsv(reportToCsvRecords(rows));
  const { stream, file } = output(args);
  await new Promise<void>((resolve, reject) => stream.write(text, (e) => (e ? reject(e) : resolve())));
  if (file) await new Promise<void>((resolve) => stream.end(resolve));
  const headline = rows.filter((r) => r.slice === "all" && (r.metric === "more_prompts_for_half_width" || r.metric === "more_prompts_for_power"));
  for (const r of headline) {
    const what = r.metric === "more_prompts_for_power" ? `to detect 50% ± ${targets.difference} with ${Math.round(targets.power * 100)}% power` : `for ±${targets.targetHalfWidth} on the decisive rate`;
    console.error(`${r.dimension || "planned"}${r.model_a && study ? ` (${r.model_a} vs ${r.model_b})` : ""}: ${r.value === null ? r.note : `${r.value} more prompts ${what}`}`);
  }
  if (file) console.error(`Wrote ${rows.length} rows to ${file}.`);
}

async function exportJudgments(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "out"]);
  const study = stringFlag(args, "study", true);
  await ensureDatabase(true);
  const { stream, file } = output(args);
  const rows = await exportJudgmentsCsv(db(), study, stream);
  if (file) console.error(`Wrote ${rows} judgments to ${file}.`);
}

async function main(argv: string[]) {
  dieWithLauncher(env().npm_lifecycle_event !== undefined);
  const args = parseArgs(argv);
  const [group, command, ...rest] = args.positionals;
  if (group === "report") return report(args);
  if (group === "plan") {
    if (command) throw new UsageError(`Unexpected argument "${command}"`);
    return plan(args);
  }
  if (group === "leaderboard") {
    if (command) throw new UsageError(`Unexpected argument "${command}"`);
    return leaderboardCommand(args);
  }
  const key = `${group ?? ""} ${command ?? ""}`.trim();
  if (group === "import" && (command === "material" || command === "judgments")) {
    if (rest.length > 1) throw new UsageError(`Unexpected argument "${rest[1]}"`);
    return importFile(command, args, rest[0]);
  }
  if (rest.length) throw new UsageError(`Unexpected argument "${rest[0]}"`);
  switch (key) {
    case "export judgments": return exportJudgments(args);
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
  if (error instanceof TRPCError || error instanceof ImportRejected || error instanceof ImportFileError) return error.message;
  // A full, read-only or unreachable database: one sentence, not a driver's multi-line dump.
  const trouble = databaseTroubleMessage(error);
  if (trouble) return trouble;
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
