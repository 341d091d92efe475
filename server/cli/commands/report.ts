// verdict report
import { DEFAULT_BOOTSTRAP } from "../../analytics/domain/bootstrap";
import { reportToCsvRecords } from "../../analytics/domain/report-format";
import { assertKnownFlags, formatFlag, intFlag, stringFlag, UsageError, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";
import { writeOutput } from "../output";

export async function report(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "format", "out", "seed", "resamples"]);
  const study = stringFlag(args, "study", true);
  const format = formatFlag(args);
  const bootstrap = { seed: intFlag(args, "seed", DEFAULT_BOOTSTRAP.seed), resamples: intFlag(args, "resamples", DEFAULT_BOOTSTRAP.resamples) };
  if (bootstrap.resamples < 1000) throw new UsageError("--resamples must be at least 1000");
  await ensureDatabase({ quiet: true });
  // The command's own code loads after the schema check: Prisma and the engines only now.
  const [{ studyReport }, { db }, { toCsv }] = await Promise.all([import("../../analytics/service"), import("../../db"), import("../../exports/csv")]);
  const result = await studyReport(db(), { name: study }, bootstrap);
  const text = format === "json" ? `${JSON.stringify(result, null, 2)}\n` : toCsv(reportToCsvRecords(result.rows));
  const file = await writeOutput(args, text);
  if (result.meta.bootstrap) console.error(`bootstrap: ${result.meta.bootstrap.resamples} resamples, seed ${result.meta.bootstrap.seed} (${result.meta.bootstrap.method})`);
  if (file) console.error(`Wrote ${result.rows.length} rows to ${file}.`);
}
