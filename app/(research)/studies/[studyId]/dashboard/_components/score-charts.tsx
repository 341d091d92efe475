"use client";
// Single-sided charts: mean score per model (bootstrap interval over prompts) and each model's
// relative improvement over a chosen baseline model (paired bootstrap interval).
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ImprovementSummary, ScoreSummary } from "../_lib/report-view";
import { SMALL_SAMPLE, ciDeltas } from "../_lib/report-view";
import { MODEL_COLORS, num, pct } from "../_lib/palette";
import { ChartCard, DataTable, TooltipBox } from "./chart-card";

/** " (95% CI low–high)" after a value, or nothing where there is no interval (too few prompts). */
const ciOf = (e: { low: number | null; high: number | null }, format: (v: number | null) => string) =>
  (e.low === null ? "" : ` (95% CI ${format(e.low)}–${format(e.high)})`);

/** A share with its interval, or the share alone where there is none (too few prompts). */
const pctWithCi = (e: { value: number | null; low: number | null; high: number | null }) =>
  e.value === null ? "—" : e.low === null ? pct(e.value) : `${pct(e.value)} (${pct(e.low)}–${pct(e.high)})`;

/** Groups (dimensions or slices) on the axis, one bar per model. */
export function MeanScores({ groups, models, title, fileStem, scaleMax = 5 }: {
  groups: { label: string; scores: ScoreSummary[] }[]; models: string[]; title: string; fileStem: string; scaleMax?: number;
}) {
  const t = useTranslations("research.scoreCharts");
  const data = groups.map((g) => {
    const row: Record<string, unknown> = { label: g.label, g };
    for (const m of models) {
      const s = g.scores.find((x) => x.model === m);
      row[m] = s?.mean.value ?? null;
      row[`${m}__err`] = s ? ciDeltas(s.mean) : [0, 0];
    }
    return row;
  });
  const anySmall = groups.some((g) => g.scores.some((s) => s.mean.n > 0 && s.mean.n < SMALL_SAMPLE));
  return (
    <ChartCard title={title} fileStem={fileStem} legend={models.map((m, i) => ({ label: m, color: MODEL_COLORS[i % MODEL_COLORS.length] }))}
      description={t("meanOverPromptsOfEach")}
      warning={anySmall ? <p className="mb-1 text-xs text-amber-800">{t("someMeansRestOnFewer", { SMALL_SAMPLE })}</p> : undefined}
      csvRows={groups.flatMap((g) => g.scores.map((s) => ({ group: g.label, dimension: s.dimension, slice: s.slice, model: s.model, prompts: s.mean.n,
        mean_score: s.mean.value, ci_low: s.mean.low, ci_high: s.mean.high,
        top_box_rate: s.topBox.value, top_box_ci_low: s.topBox.low, top_box_ci_high: s.topBox.high })))}
      table={<DataTable caption={title} columns={["", t("model"), t("prompts"), t("meanScore"), t("n95Ci"), t("topBox45")]}
        rows={groups.flatMap((g) => g.scores.map((s) => [g.label, s.model, s.mean.n, num(s.mean.value), s.mean.low === null ? "—" : `${num(s.mean.low)}–${num(s.mean.high)}`, pctWithCi(s.topBox)]))} />}>
      <ResponsiveContainer width="100%" height={Math.max(160, 50 + groups.length * models.length * 22)}>
        <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }} barCategoryGap={10}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" domain={[1, scaleMax]} allowDataOverflow fontSize={12} />
          <YAxis type="category" dataKey="label" width={150} fontSize={12} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} content={({ active, payload }) => {
            const g = active && payload?.[0] ? ((payload[0].payload as { g: { label: string; scores: ScoreSummary[] } }).g) : null;
            return g ? <TooltipBox lines={[g.label, ...g.scores.map((s) => t("meanScoreOf", { model: s.model, mean: num(s.mean.value), ci: ciOf(s.mean, (v) => num(v)), n: s.mean.n }))]} /> : null;
          }} />
          {models.map((m, i) => (
            <Bar key={m} dataKey={m} fill={MODEL_COLORS[i % MODEL_COLORS.length]} isAnimationActive={false} barSize={14}>
              <ErrorBar dataKey={`${m}__err`} width={4} stroke="#0f172a" direction="x" />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function RelativeImprovements({ groups, baseline, models, title, fileStem }: {
  groups: { label: string; improvements: ImprovementSummary[] }[]; baseline: string; models: string[]; title: string; fileStem: string;
}) {
  const t = useTranslations("research.scoreCharts");
  const shown = models.filter((m) => m !== baseline);
  const data = groups.map((g) => {
    const row: Record<string, unknown> = { label: g.label, g };
    for (const m of shown) {
      const s = g.improvements.find((x) => x.model === m);
      row[m] = s?.improvement.value === null || !s ? null : s.improvement.value * 100;
      row[`${m}__err`] = s ? ciDeltas(s.improvement, 100) : [0, 0];
    }
    return row;
  });
  return (
    <ChartCard title={title} fileStem={fileStem} legend={shown.map((m) => ({ label: t("mOverBaseline", { m, baseline }), color: MODEL_COLORS[models.indexOf(m) % MODEL_COLORS.length] }))}
      description={t("meanOfModelMeanOf", { baseline })}
      csvRows={groups.flatMap((g) => g.improvements.map((s) => ({ group: g.label, dimension: s.dimension, slice: s.slice, model: s.model, baseline: s.baseline,
        shared_prompts: s.improvement.n, relative_improvement: s.improvement.value, ci_low: s.improvement.low, ci_high: s.improvement.high,
        relative_improvement_top_box: s.topBox.value, top_box_ci_low: s.topBox.low, top_box_ci_high: s.topBox.high })))}
      table={<DataTable caption={title} columns={["", t("model"), t("sharedPrompts"), t("relativeImprovement"), t("n95Ci"), t("topBoxImprovement")]}
        rows={groups.flatMap((g) => g.improvements.map((s) => [g.label, s.model, s.improvement.n, pct(s.improvement.value), s.improvement.low === null ? "—" : `${pct(s.improvement.low)}–${pct(s.improvement.high)}`, pctWithCi(s.topBox)]))} />}>
      <ResponsiveContainer width="100%" height={Math.max(140, 50 + groups.length * Math.max(1, shown.length) * 24)}>
        <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }} barCategoryGap={10}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" tickFormatter={(v) => `${v}%`} fontSize={12} />
          <YAxis type="category" dataKey="label" width={150} fontSize={12} />
          <ReferenceLine x={0} stroke="#475569" />
          <Tooltip cursor={{ fill: "#f1f5f9" }} content={({ active, payload }) => {
            const g = active && payload?.[0] ? ((payload[0].payload as { g: { label: string; improvements: ImprovementSummary[] } }).g) : null;
            return g ? <TooltipBox lines={[g.label, ...g.improvements.map((s) => t("improvementOf", { model: s.model, baseline: s.baseline, value: pct(s.improvement.value), ci: ciOf(s.improvement, (v) => pct(v)), n: s.improvement.n }))]} /> : null;
          }} />
          {shown.map((m) => (
            <Bar key={m} dataKey={m} fill={MODEL_COLORS[models.indexOf(m) % MODEL_COLORS.length]} isAnimationActive={false} barSize={14}>
              <ErrorBar dataKey={`${m}__err`} width={4} stroke="#0f172a" direction="x" />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
