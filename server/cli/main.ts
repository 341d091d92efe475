// The `verdict` command. It parses the arguments and then loads only the code of the command asked
// for (the database client, the engines, the statistics): `help` or a usage error costs a Node start
// and this file. Every command that touches the database first brings it to the current schema
// (server/cli/database.ts), so it works from a fresh clone against any DATABASE_URL.
import { env } from "../env";
import { parseArgs, UsageError, type ParsedArgs } from "./args";
import { closeDatabase } from "./database";
import { dieWithLauncher } from "./lifeline";
import { USAGE } from "./usage";

async function main(argv: string[]) {
  dieWithLauncher(env().npm_lifecycle_event !== undefined, env().VERDICT_CLI_RELAUNCHED_BY);
  const args = parseArgs(argv);
  const [group, command, ...rest] = args.positionals;
  const noMore = (extra: string | undefined) => { if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}"`); };
  // --server (or VERDICT_SERVER): the command runs against a running Verdict over its REST API.
  const server = typeof args.flags.server === "string" ? args.flags.server : env().VERDICT_SERVER;
  if (server) {
    const token = typeof args.flags.token === "string" ? args.flags.token : env().VERDICT_TOKEN;
    delete args.flags.server;
    delete args.flags.token;
    return runRemote(server, token, args, group, command, rest, noMore);
  }
  if (group === "report") { noMore(command); return (await import("./commands/report")).report(args); }
  if (group === "plan") { noMore(command); return (await import("./commands/plan")).plan(args); }
  if (group === "leaderboard") { noMore(command); return (await import("./commands/leaderboard")).leaderboardCommand(args); }
  if (group === "import" && (command === "material" || command === "judgments")) {
    noMore(rest[1]);
    return (await import("./commands/import")).importFile(command, args, rest[0]);
  }
  noMore(rest[0]);
  const key = `${group ?? ""} ${command ?? ""}`.trim();
  const commands: Record<string, (a: ParsedArgs) => Promise<void>> = {
    "export judgments": async (a) => (await import("./commands/export")).exportJudgments(a),
    "db migrate": async (a) => (await import("./commands/db")).dbMigrate(a),
    "db seed": async (a) => (await import("./commands/db")).dbSeed(a),
    "users add": async (a) => (await import("./commands/users")).usersAdd(a),
    "study create": async (a) => (await import("./commands/study")).studyCreate(a),
    "study status": async (a) => (await import("./commands/study")).studyStatus(a),
    "": async () => console.log(USAGE),
    help: async () => console.log(USAGE),
  };
  const run = commands[key];
  if (!run) throw new UsageError(`Unknown command "${key}"`);
  return run(args);
}

async function runRemote(server: string, token: string | undefined, args: ParsedArgs, group: string | undefined, command: string | undefined,
  rest: string[], noMore: (extra: string | undefined) => void) {
  const [{ remoteClient }, remote] = await Promise.all([import("./remote/client"), import("./remote/commands")]);
  const client = remoteClient(server, token);
  if (group === "import" && (command === "material" || command === "judgments")) { noMore(rest[1]); return remote.remoteImport(client, command, args, rest[0]); }
  if (group === "report") { noMore(command); return remote.remoteReport(client, args); }
  if (group === "leaderboard") { noMore(command); return remote.remoteLeaderboard(client, args); }
  noMore(rest[0]);
  const key = `${group ?? ""} ${command ?? ""}`.trim();
  if (key === "export judgments") return remote.remoteExport(client, args);
  if (key === "study create") return remote.remoteStudyCreate(client, args);
  if (key === "study status") return remote.remoteStudyStatus(client, args);
  throw new UsageError(`"${key || "help"}" runs on the database only, not against a server: drop --server (and VERDICT_SERVER)`);
}

/** One readable message for the errors a command expects; the modules that define them load only on failure. */
async function explain(error: unknown): Promise<string> {
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
  const [{ ZodError }, { TRPCError }, { ImportRejected }, { ImportFileError }, { databaseTroubleMessage }, { RemoteError }] = await Promise.all([
    import("zod"), import("@trpc/server"), import("../imports/domain/import-error"), import("../imports/read-rows"), import("../db/unavailable"),
    import("./remote/client"),
  ]);
  if (error instanceof ZodError) return error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("\n");
  if (error instanceof TRPCError || error instanceof ImportRejected || error instanceof ImportFileError) return error.message;
  if (error instanceof RemoteError) return error.message;
  // A full, read-only or unreachable database: one sentence, not a driver's multi-line dump.
  const trouble = databaseTroubleMessage(error);
  if (trouble) return trouble;
  if (error instanceof Error) return error.message;
  return String(error);
}

main(process.argv.slice(2))
  .then(() => closeDatabase())
  .catch(async (error) => {
    console.error(`verdict: ${await explain(error)}`);
    await closeDatabase();
    process.exitCode = error instanceof UsageError ? 2 : 1;
  });
