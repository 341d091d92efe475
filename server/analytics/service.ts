import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import type { BootstrapOptions } from "./domain/bootstrap";
import type { ReportMeta } from "./domain/report-format";
import type { ReportRow } from "./domain/report-row";
import { sideBySidePairRows } from "./domain/side-by-side-report";
import { ScoreSeries } from "./domain/single-sided-report";
import { scoreRowsInWorkers } from "./score-rows-in-workers";
import { graderPseudonym } from "../exports/service";
import { activeExclusions } from "../quality/service";
import { excludedRows } from "./domain/excluded-rows";
import { MIN_CLUSTERS } from "./domain/cluster-bootstrap";
import { verdictRuleOf } from "./domain/verdict-rule";
import * as repo from "./repo";

export interface StudyReport {
  meta: ReportMeta;
  rows: ReportRow[];
}

export async function studyReport(db: Db, study: { id: string } | { name: string }, bootstrap: BootstrapOptions, now = new Date()): Promise<StudyReport> {
  const s = await repo.findStudy(db, study);
  if (!s) throw new TRPCError({ code: "NOT_FOUND", message: "name" in study ? `No study named "${study.name}".` : "No such study." });
  // Every read at once (SQLite's go to two read workers); side-by-side units come grouped with
  // their slices, single-sided ones per prompt beside the prompts' attributes.
  const computeRows = s.type === "SIDE_BY_SIDE"
    ? repo.preferenceUnitGroups(db, s.id).then(({ units, attributes }) => sideBySidePairRows(s.name, units, attributes, { bootstrap, rule: verdictRuleOf(s.verdictRule) }))
    : Promise.all([repo.scoreUnitColumns(db, s.id), repo.promptAttributes(db, s.id)]).then(([units, prompts]) => {
      const series = new ScoreSeries(prompts);
      for (const part of units) series.addColumns(part);
      return scoreRowsInWorkers(series, s.name, bootstrap);
    });
  // Only exclusions in force keep judgments out (undoing one re-marks them): without any, nothing to count.
  const [rows, [exclusions, excluded]] = await Promise.all([computeRows, activeExclusions(db, s.id)
    .then(async (x) => [x, x.length > 0 ? await repo.excludedByDimension(db, s.id) : []] as const)]);
  const meta: ReportMeta = {
    study: s.name, type: s.type === "SIDE_BY_SIDE" ? "side_by_side" : "single_sided", generatedAt: now.toISOString(),
    bootstrap: { ...bootstrap, method: "percentile bootstrap over prompts (2.5% and 97.5% quantiles)" },
    intervals: s.type === "SIDE_BY_SIDE"
      ? "95% Wilson score intervals for prompt-level rates; position_bias, alpha and alpha_ordinal by bootstrap over prompts (judgments cluster within prompts)"
      : "95% bootstrap over prompts for mean scores, top-box rates, alpha, differences and relative improvements (judgments cluster within prompts)",
    minClusters: MIN_CLUSTERS,
    verdictRule: s.type === "SIDE_BY_SIDE" ? verdictRuleOf(s.verdictRule) : null,
    exclusions: exclusions.map((x) => ({ grader: graderPseudonym(s.id, x.graderId), from: x.fromAt?.toISOString() ?? null,
      until: x.untilAt?.toISOString() ?? null, reason: x.reason, judgments: x.judgments })),
  };
  // A side-by-side study of two models puts them in model_a and model_b of its excluded rows; one of more, neither.
  const two = s.type === "SIDE_BY_SIDE" && s.models.length === 2;
  const head = { study: s.name, type: meta.type, modelA: two ? s.models[0].model.name : "", modelB: two ? s.models[1].model.name : "" };
  return { meta, rows: [...rows, ...excludedRows(head, excluded)] };
}
