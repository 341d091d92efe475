"use client";
// The headline: what a write-up quotes. Side-by-side: preference shares per dimension and the
// decisive rate; single-sided: mean scores and relative improvement over a chosen baseline.
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
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600" data-testid="headline-empty">
      No counted judgments match these filters yet. Start the study and let graders work, or widen the filters.</p>;
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
          <strong>{lead.label}:</strong> {candidate} was preferred on <strong data-metric="win_rate_a">{pct(s.candidate.value)}</strong> of prompts and {base} on{" "}
          <strong data-metric="win_rate_b">{pct(s.baseline.value)}</strong> (about the same on {pct(s.same.value)}; n = {s.prompts.toLocaleString("en-US")} prompts,{" "}
          {s.judgments.toLocaleString("en-US")} judgments).{" "}
          {s.decisive.value === null
            ? <>The decisive rate is <strong data-metric="decisive_rate_a">n/a</strong>: no prompt has a preference yet (every verdict is “about the same”).</>
            : <>Where graders preferred one, <strong data-metric="decisive_rate_a">{pct(s.decisive.value)}</strong> chose {candidate}{" "}
              (95% CI {pct(s.decisive.low)}–{pct(s.decisive.high)}, n = {s.decisive.n.toLocaleString("en-US")}, sign test {pValue(s.signP)}).</>}
          {s.split.value !== null && <>{" "}Graders disagreed in direction on <strong data-metric="split_rate">{pct(s.split.value)}</strong> of prompts
            (95% CI {pct(s.split.low)}–{pct(s.split.high)}){study.verdictRule === "majority" ? "; each prompt's verdict is its graders' majority vote." : "; each prompt's verdict is the sign of its graders' mean preference."}</>}
        </p>
        <div className="grid gap-4 2xl:grid-cols-2">
          <PreferenceBars verdictRule={study.verdictRule} items={items} candidate={candidate} baseline={base} title="Preference by dimension" fileStem={stem} />
          <DecisiveRates items={items} candidate={candidate} title="Decisive rate by dimension" fileStem={stem} />
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
          <strong>{dimensionLabel(study, leadDim)}:</strong> mean scores {scores.filter((s) => s.dimension === leadDim).map((s) => `${s.model} ${num(s.mean.value)} (n = ${s.mean.n.toLocaleString("en-US")})`).join(", ")}.
        </p>
      )}
      {lead && (
        <p className="rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-[15px] leading-relaxed text-slate-800" data-testid="headline-summary">
          <strong>{dimensionLabel(study, lead.dimension)}:</strong> {lead.model} scored <strong data-metric="relative_improvement_mean">{pct(lead.improvement.value)}</strong> relative to {baseline}{" "}
          (95% CI {pct(lead.improvement.low)}–{pct(lead.improvement.high)}, n = {lead.improvement.n.toLocaleString("en-US")} shared prompts);{" "}
          mean scores {scores.filter((s) => s.dimension === lead.dimension).map((s) => `${s.model} ${num(s.mean.value)}`).join(", ")},
          a difference of <strong data-metric="mean_difference">{signed(lead.difference.value)}</strong> points
          {lead.difference.low !== null && <> (95% CI {signed(lead.difference.low)} to {signed(lead.difference.high)})</>}.
          <span className="mt-1 block text-xs text-slate-600">A relative improvement depends on where the scale starts: the same scores read differently on 1–5 and on 0–4. The difference of means does not.</span>
        </p>
      )}
      <div className="grid gap-4 2xl:grid-cols-2">
        <MeanScores groups={groups} models={study.models} title="Mean score by dimension" fileStem={stem} />
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm">Baseline for relative improvement
            <select className="rounded-md border border-slate-300 bg-white px-2 py-1" value={baseline} onChange={(e) => onBaseline(e.target.value)}>
              {study.models.map((m) => <option key={m} value={m}>{m}</option>)}
            </select>
          </label>
          {reportRows ? <RelativeImprovements groups={ri} baseline={baseline} models={study.models} title={`Relative improvement over ${baseline}`} fileStem={stem} />
            : <div className="flex h-32 items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-500" role="status">Computing relative improvements…</div>}
        </div>
      </div>
    </div>
  );
}
