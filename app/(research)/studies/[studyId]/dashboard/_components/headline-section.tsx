"use client";
// The headline: what a write-up quotes. Side-by-side: preference shares per dimension and the
// decisive rate; single-sided: mean scores and relative improvement over a chosen baseline.
import { useTranslations } from "next-intl";
import type { ReportRow } from "@/server/analytics/domain/report-row";
import { improvementsOver, preferenceSummaries, scoreSummaries } from "../_lib/report-view";
import { num, pValue, pct, signed } from "../_lib/palette";
import { DecisiveRates, PreferenceBars } from "./preference-charts";
import { MeanScores, RelativeImprovements } from "./score-charts";
import type { DashboardStudy } from "./dashboard-view";

export function orderByStudy<T extends { dimension: string }>(items: T[], study: DashboardStudy): T[] {
  const pos = (d: string) => { const i = study.dimensions.findIndex((x) => x.key === d); return i < 0 ? 999 : i; };
  return [...items].sort((a, b) => pos(a.dimension) - pos(b.dimension));
}
export const dimensionLabel = (study: DashboardStudy, key: string) => study.dimensions.find((d) => d.key === key)?.label ?? key;

export function HeadlineSection({ study, rows, reportRows, baseline, onBaseline }: {
  study: DashboardStudy; rows: ReportRow[]; reportRows?: ReportRow[]; baseline: string; onBaseline: (m: string) => void;
}) {
  const t = useTranslations("research.headlineSection");
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600" data-testid="headline-empty">
      {t("noCountedJudgmentsMatchThese")}</p>;
  }
  const stem = study.name;
  if (study.type === "SIDE_BY_SIDE") {
    const candidate = study.candidate ?? "A";
    const base = study.baseline ?? "B";
    const items = orderByStudy(preferenceSummaries(rows), study).map((s) => ({ label: dimensionLabel(study, s.dimension), summary: s }));
    const lead = items.find((i) => i.summary.dimension === "overall") ?? items[0];
    const s = lead.summary;
    return (
      <div className="space-y-4">
        <p className="rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-[15px] leading-relaxed text-slate-800" data-testid="headline-summary">
          {t.rich("wasPreferredOnOfPrompts", { label: lead.label, candidate, value: pct(s.candidate.value), base, value2: pct(s.baseline.value), value3: pct(s.same.value), prompts: s.prompts.toLocaleString("en-US"), judgments: s.judgments.toLocaleString("en-US"), strong: (chunks) => <strong>{chunks}</strong>, strong2: (chunks) => <strong data-metric="win_rate_a">{chunks}</strong>, strong3: (chunks) => <strong data-metric="win_rate_b">{chunks}</strong> })}{" "}{s.decisive.value === null
            ? <>{t.rich("theDecisiveRateIsN", { strong: (chunks) => <strong data-metric="decisive_rate_a">{chunks}</strong> })}</>
            : <>{t.rich("whereGradersPreferredOneChose", { value: pct(s.decisive.value), candidate, low: pct(s.decisive.low), high: pct(s.decisive.high), n: s.decisive.n.toLocaleString("en-US"), signP: pValue(s.signP), strong: (chunks) => <strong data-metric="decisive_rate_a">{chunks}</strong> })}</>}
          {s.split.value !== null && <>{" "}{t.rich("gradersDisagreedInDirectionOn", { value: pct(s.split.value), low: pct(s.split.low), high: pct(s.split.high), rule: study.verdictRule, strong: (chunks) => <strong data-metric="split_rate">{chunks}</strong> })}</>}
        </p>
        <div className="grid gap-4 2xl:grid-cols-2">
          <PreferenceBars verdictRule={study.verdictRule} items={items} candidate={candidate} baseline={base} title={t("preferenceByDimension")} fileStem={stem} />
          <DecisiveRates items={items} candidate={candidate} title={t("decisiveRateByDimension")} fileStem={stem} />
        </div>
      </div>
    );
  }
  const scores = orderByStudy(scoreSummaries(rows), study);
  const dims = [...new Set(scores.map((s) => s.dimension))];
  const groups = dims.map((d) => ({ label: dimensionLabel(study, d), scores: scores.filter((s) => s.dimension === d) }));
  // Relative improvements pair prompts across models: they come with the full report, after the headline.
  const improvements = reportRows ? improvementsOver(reportRows.filter((r) => r.slice === "all"), baseline) : [];
  const ri = dims.map((d) => ({ label: dimensionLabel(study, d), improvements: improvements.filter((s) => s.dimension === d) }));
  const lead = improvements.find((i) => i.dimension === "overall") ?? improvements[0];
  const leadDim = lead?.dimension ?? dims[0];
  return (
    <div className="space-y-4">
      {!lead && (
        <p className="rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-[15px] leading-relaxed text-slate-800" data-testid="headline-summary">
          {t.rich("meanScores", { study: dimensionLabel(study, leadDim), value: scores.filter((s) => s.dimension === leadDim).map((s) => `${s.model} ${num(s.mean.value)} (n = ${s.mean.n.toLocaleString("en-US")})`).join(", "), strong: (chunks) => <strong>{chunks}</strong> })}</p>
      )}
      {lead && (
        <p className="rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-[15px] leading-relaxed text-slate-800" data-testid="headline-summary">
          {t.rich("scoredRelativeTo95Ci", { study: dimensionLabel(study, lead.dimension), model: lead.model, value: pct(lead.improvement.value), baseline, low: pct(lead.improvement.low), high: pct(lead.improvement.high), n: lead.improvement.n.toLocaleString("en-US"), value2: scores.filter((s) => s.dimension === lead.dimension).map((s) => `${s.model} ${num(s.mean.value)}`).join(", "), value3: signed(lead.difference.value), strong: (chunks) => <strong>{chunks}</strong>, strong2: (chunks) => <strong data-metric="relative_improvement_mean">{chunks}</strong>, strong3: (chunks) => <strong data-metric="mean_difference">{chunks}</strong> })}{lead.difference.low !== null && <> {" "}{t("n95CiTo", { low: signed(lead.difference.low), high: signed(lead.difference.high) })}</>}.
          <span className="mt-1 block text-xs text-slate-600">{t("aRelativeImprovementDependsOn")}</span>
        </p>
      )}
      <div className="grid gap-4 2xl:grid-cols-2">
        <MeanScores groups={groups} models={study.models} title={t("meanScoreByDimension")} fileStem={stem} />
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm">{t("baselineForRelativeImprovement")}<select className="rounded-md border border-slate-300 bg-white px-2 py-1" value={baseline} onChange={(e) => onBaseline(e.target.value)}>
              {study.models.map((m) => <option key={m} value={m}>{m}</option>)}
            </select>
          </label>
          {reportRows ? <RelativeImprovements groups={ri} baseline={baseline} models={study.models} title={t("relativeImprovementOver", { baseline })} fileStem={stem} />
            : <div className="flex h-32 items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-500" role="status">{t("computingRelativeImprovements")}</div>}
        </div>
      </div>
    </div>
  );
}
