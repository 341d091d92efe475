// verdict leaderboard
import { TRPCError } from "@trpc/server";
import { leaderboardCsvRecords } from "../../leaderboard/domain/leaderboard-format";
import { ZLeaderboardRequest } from "../../leaderboard/schema";
import { assertKnownFlags, formatFlag, intFlag, listFlag, stringFlag, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";
import { secondsSince, writeOutput } from "../output";

export async function leaderboardCommand(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "dimension", "format", "out", "resamples", "seed", "no-style-control", "slices"]);
  const format = formatFlag(args);
  const req = ZLeaderboardRequest.parse({
    studies: listFlag(args, "study"), dimension: stringFlag(args, "dimension"), slices: stringFlag(args, "slices") ?? "every",
    resamples: intFlag(args, "resamples", 1000), seed: intFlag(args, "seed", 20260101), styleControl: args.flags["no-style-control"] === undefined,
  });
  await ensureDatabase({ quiet: true });
  // The command's own code loads after the schema check: Prisma and the engines only now.
  const [{ db }, { toCsv }, { leaderboard }] = await Promise.all([import("../../db"), import("../../exports/csv"), import("../../leaderboard/service")]);
  const started = Date.now();
  const board = await leaderboard(db(), req);
  const text = format === "json" ? `${JSON.stringify(board, null, 2)}\n` : toCsv(leaderboardCsvRecords(board.rows));
  const file = await writeOutput(args, text);
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
