// verdict plan
import { reportToCsvRecords } from "../../analytics/domain/report-format";
import type { ReportRow } from "../../analytics/domain/report-row";
import { ZAssumedPlan, ZPlanTargets } from "../../planner/schema";
import { assertKnownFlags, formatFlag, intFlag, numberFlag, stringFlag, UsageError, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";
import { writeOutput } from "../output";

export async function plan(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "target-half-width", "power", "difference", "decisive-rate", "tie-rate", "k", "format", "out"]);
  const format = formatFlag(args);
  const targets = ZPlanTargets.parse({ targetHalfWidth: numberFlag(args, "target-half-width"), power: numberFlag(args, "power"), difference: numberFlag(args, "difference") });
  const study = stringFlag(args, "study");
  const assumed = ["decisive-rate", "tie-rate", "k"].filter((f) => args.flags[f] !== undefined);
  let rows: ReportRow[];
  let json: unknown;
  if (study) {
    if (assumed.length) throw new UsageError(`--${assumed[0]} is for a planned study; with --study the study's own rates are used`);
    await ensureDatabase({ quiet: true });
    // The planner's code loads after the schema check: Prisma and the engines only now.
    const [{ db }, { studyPlan }] = await Promise.all([import("../../db"), import("../../planner/service")]);
    const p = await studyPlan(db(), { name: study }, targets);
    rows = p.rows;
    json = p;
  } else {
    if (assumed.length < 3) throw new UsageError("plan needs --study NAME, or --decisive-rate, --tie-rate and --k for a study not yet run");
    const p = ZAssumedPlan.parse({ ...targets, decisiveRate: numberFlag(args, "decisive-rate"), tieRate: numberFlag(args, "tie-rate"), k: intFlag(args, "k", 0) });
    rows = (await import("../../planner/service")).assumedPlan(p);
    json = { assumed: { decisiveRate: p.decisiveRate, tieRate: p.tieRate, k: p.k }, targets, rows };
  }
  const text = format === "json" ? `${JSON.stringify(json, null, 2)}\n` : (await import("../../exports/csv")).toCsv(reportToCsvRecords(rows));
  const file = await writeOutput(args, text);
  const headline = rows.filter((r) => r.slice === "all" && (r.metric === "more_prompts_for_half_width" || r.metric === "more_prompts_for_power"));
  for (const r of headline) {
    const what = r.metric === "more_prompts_for_power" ? `to detect 50% ± ${targets.difference} with ${Math.round(targets.power * 100)}% power` : `for ±${targets.targetHalfWidth} on the decisive rate`;
    console.error(`${r.dimension || "planned"}${r.model_a && study ? ` (${r.model_a} vs ${r.model_b})` : ""}: ${r.value === null ? r.note : `${r.value} more prompts ${what}`}`);
  }
  if (file) console.error(`Wrote ${rows.length} rows to ${file}.`);
}
