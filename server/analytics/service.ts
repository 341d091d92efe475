import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import type { BootstrapOptions } from "./domain/bootstrap";
import type { ReportMeta } from "./domain/report-format";
import type { ReportRow } from "./domain/report-row";
import { sideBySideRows } from "./domain/side-by-side-report";
import { singleSidedRows } from "./domain/single-sided-report";
import { graderPseudonym } from "../exports/service";
import { activeExclusions } from "../quality/service";
import { excludedRows } from "./domain/excluded-rows";
import * as repo from "./repo";

export interface StudyReport {
  meta: ReportMeta;
  rows: ReportRow[];
}

export async function studyReport(db: Db, study: { id: string } | { name: string }, bootstrap: BootstrapOptions, now = new Date()): Promise<StudyReport> {
  const s = await repo.findStudy(db, study);
  if (!s) throw new TRPCError({ code: "NOT_FOUND", message: "name" in study ? `No study named "${study.name}".` : "No such study." });
  const [prompts, exclusions, excluded] = await Promise.all([repo.promptAttributes(db, s.id), activeExclusions(db, s.id), repo.excludedByDimension(db, s.id)]);
  const meta: ReportMeta = {
    study: s.name, type: s.type === "SIDE_BY_SIDE" ? "side_by_side" : "single_sided", generatedAt: now.toISOString(),
    bootstrap: s.type === "SINGLE_SIDED" ? { ...bootstrap, method: "percentile bootstrap over prompts (2.5% and 97.5% quantiles)" } : null,
    intervals: "95% Wilson score intervals for rates; bootstrap intervals for mean scores and relative improvements",
    exclusions: exclusions.map((x) => ({ grader: graderPseudonym(s.id, x.graderId), from: x.fromAt?.toISOString() ?? null,
      until: x.untilAt?.toISOString() ?? null, reason: x.reason, judgments: x.judgments })),
  };
  const model = (role: string) => s.models.find((m) => m.role === role)?.model.name ?? "";
  const head = { study: s.name, type: meta.type, modelA: s.type === "SIDE_BY_SIDE" ? model("CANDIDATE") : "", modelB: s.type === "SIDE_BY_SIDE" ? model("BASELINE") : "" };
  const rows = s.type === "SIDE_BY_SIDE"
    ? sideBySideRows({ study: s.name, modelA: head.modelA, modelB: head.modelB }, await repo.preferenceUnits(db, s.id), prompts)
    : singleSidedRows(s.name, await repo.scoreUnits(db, s.id), prompts, bootstrap);
  return { meta, rows: [...rows, ...excludedRows(head, excluded)] };
}
