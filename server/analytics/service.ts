import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import type { BootstrapOptions } from "./domain/bootstrap";
import type { ReportMeta } from "./domain/report-format";
import type { ReportRow } from "./domain/report-row";
import { sideBySideRows } from "./domain/side-by-side-report";
import { singleSidedRows } from "./domain/single-sided-report";
import * as repo from "./repo";

export interface StudyReport {
  meta: ReportMeta;
  rows: ReportRow[];
}

export async function studyReport(db: Db, study: { id: string } | { name: string }, bootstrap: BootstrapOptions, now = new Date()): Promise<StudyReport> {
  const s = await repo.findStudy(db, study);
  if (!s) throw new TRPCError({ code: "NOT_FOUND", message: "name" in study ? `No study named "${study.name}".` : "No such study." });
  const prompts = await repo.promptAttributes(db, s.id);
  const meta: ReportMeta = {
    study: s.name, type: s.type === "SIDE_BY_SIDE" ? "side_by_side" : "single_sided", generatedAt: now.toISOString(),
    bootstrap: s.type === "SINGLE_SIDED" ? { ...bootstrap, method: "percentile bootstrap over prompts (2.5% and 97.5% quantiles)" } : null,
    intervals: "95% Wilson score intervals for rates; bootstrap intervals for mean scores and relative improvements",
  };
  if (s.type === "SIDE_BY_SIDE") {
    const model = (role: string) => s.models.find((m) => m.role === role)?.model.name ?? "";
    const rows = sideBySideRows({ study: s.name, modelA: model("CANDIDATE"), modelB: model("BASELINE") }, await repo.preferenceUnits(db, s.id), prompts);
    return { meta, rows };
  }
  return { meta, rows: singleSidedRows(s.name, await repo.scoreUnits(db, s.id), prompts, bootstrap) };
}
