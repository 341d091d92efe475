// verdict export judgments
import { assertKnownFlags, stringFlag, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";
import { output } from "../output";

export async function exportJudgments(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "out"]);
  const study = stringFlag(args, "study", true);
  await ensureDatabase({ quiet: true });
  // The command's own code loads after the schema check: Prisma and the engines only now.
  const [{ db }, { exportJudgmentsCsvById, exportStudyId }] = await Promise.all([import("../../db"), import("../../exports/service")]);
  // The study first: a mistyped name must not truncate an --out file that is already there.
  const studyId = await exportStudyId(db(), study);
  const { stream, file } = output(args);
  const rows = await exportJudgmentsCsvById.run(db(), studyId, stream);
  if (file) console.error(`Wrote ${rows} judgments to ${file}.`);
}
