"use client";
// Is the result stable? The headline recomputed at ten points as judgments accumulated, with its
// interval as a band: a settled result shows as a flat line inside a narrowing band.
import { useTranslations } from "next-intl";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AppRouter } from "@/server/root";
import { CANDIDATE, MODEL_COLORS, num, pct } from "../_lib/palette";
import { ChartCard, DataTable } from "./chart-card";
import type { DashboardStudy } from "./dashboard-view";
import { useMomentFormat } from "@/app/_lib/use-moment-format";

type Points = inferRouterOutputs<AppRouter>["dashboards"]["overTime"];

export function OverTimeSection({ study, points }: { study: DashboardStudy; points: Points }) {
  const t = useTranslations("research.overTimeSection");
  const moment = useMomentFormat();
  const dims = study.dimensions.filter((d) => points.some((p) => p.rows.some((r) => r.dimension === d.key)));
  const [dimension, setDimension] = useState(dims.find((d) => d.key === "overall")?.key ?? dims[0]?.key ?? "");
  if (points.length === 0) return <p className="text-sm text-slate-600">{t("noCountedJudgmentsYet")}</p>;
  const label = dims.find((d) => d.key === dimension)?.label ?? dimension;
  const sxs = study.type === "SIDE_BY_SIDE";
  const series = sxs ? ["decisive"] : study.models;
  // The same unit as the headline: judgments on this dimension (not on every dimension of the study).
  const countedOn = (p: Points[number]) => p.rows.find((x) => x.dimension === dimension && x.metric === "n_judgments" && x.slice === "all")?.value ?? p.judgments;
  const data = points.map((p) => {
    const row: Record<string, unknown> = { judgments: countedOn(p), at: p.at };
    for (const s of series) {
      const r = p.rows.find((x) => x.dimension === dimension && (sxs ? x.metric === "decisive_rate_a" : x.metric === "mean_score" && x.model_a === s));
      const scale = sxs ? 100 : 1;
      row[s] = r?.value == null ? null : r.value * scale;
      row[`${s}__band`] = r?.ci_low == null ? null : [r.ci_low * scale, r.ci_high! * scale];
      row[`${s}__n`] = r?.n ?? 0;
    }
    return row;
  });
  const color = (i: number) => (sxs ? CANDIDATE : MODEL_COLORS[i % MODEL_COLORS.length]);
  const title = sxs ? t("decisiveRateTitle", { label }) : t("meanScoreTitle", { label });
  // Each series' columns carry its name: the table has one value, interval and n per series.
  const seriesName = (s: string) => (sxs ? t("candidateChosen", { candidate: study.candidate ?? "A" }) : t("meanScoreOf", { model: s }));
  const fmt = (v: unknown) => (v == null ? "—" : sxs ? pct(Number(v) / 100) : num(Number(v)));
  return (
    <div className="space-y-2">
      <label className="text-sm">{t("dimension")}{" "}<select className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1" value={dimension} onChange={(e) => setDimension(e.target.value)}>
        {dims.map((d) => <option key={d.key} value={d.key}>{d.label}</option>)}</select></label>
      <ChartCard title={title} fileStem={study.name}
        legend={series.map((s, i) => ({ label: sxs ? t("candidateChosenAmongDecisivePrompts", { candidate: study.candidate }) : t("sBand95Ci", { s }), color: color(i) }))}
        description={points.some((p) => p.hourly) ? t("eachPointIsTheHeadlineByHour", { label }) : t("eachPointIsTheHeadline", { label })}
        csvRows={points.flatMap((p) => p.rows.filter((r) => r.dimension === dimension).map((r) => ({ judgments: countedOn(p), submitted_until: p.at, metric: r.metric, model_a: r.model_a, model_b: r.model_b, value: r.value, ci_low: r.ci_low, ci_high: r.ci_high, n: r.n })))}
        table={<DataTable caption={title} columns={[t("judgments"), t("until"), ...series.flatMap((s) => [seriesName(s), t("seriesCi", { series: seriesName(s) }), t("seriesN", { series: seriesName(s) })])]}
          rows={data.map((d) => [Number(d.judgments), moment(String(d.at)),
            ...series.flatMap((s) => { const b = d[`${s}__band`] as number[] | null; return [fmt(d[s]), b ? `${fmt(b[0])}–${fmt(b[1])}` : "—", Number(d[`${s}__n`])]; })])} />}>
        <ResponsiveContainer width="100%" height={260}>
          <ComposedChart accessibilityLayer={false} data={data} margin={{ left: 8, right: 24, top: 8, bottom: 4 }}>
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="judgments" type="number" domain={["dataMin", "dataMax"]} tickFormatter={(v) => Number(v).toLocaleString("en-US")} fontSize={12}
              label={{ value: t("judgmentsCounted", { label }), position: "insideBottomRight", offset: -2, fontSize: 11 }} />
            <YAxis domain={sxs ? [0, 100] : [1, 5]} tickFormatter={(v) => (sxs ? `${v}%` : String(v))} fontSize={12} width={44} />
            {sxs && <ReferenceLine y={50} stroke="#475569" strokeDasharray="4 3" />}
            <Tooltip formatter={(v, name) => [Array.isArray(v) ? `${fmt(v[0])}–${fmt(v[1])}` : fmt(v), String(name).endsWith("__band") ? t("seriesCi", { series: seriesName(String(name).slice(0, -6)) }) : seriesName(String(name))]}
              labelFormatter={(v) => t("countJudgments", { count: Number(v).toLocaleString("en-US"), label })} />
            {series.map((s, i) => <Area key={`${s}b`} dataKey={`${s}__band`} stroke="none" fill={color(i)} fillOpacity={0.15} isAnimationActive={false} connectNulls />)}
            {series.map((s, i) => <Line key={s} dataKey={s} stroke={color(i)} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} connectNulls />)}
          </ComposedChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
