"use client";
// Stable yet? The decisive rate's 95% interval (its half-width, in points) against the judgments
// collected so far, the planner's projection of where it goes with more prompts, and per slice how
// many more prompts a target half-width or a power target needs. Every number is the server's
// (planner.plan and the over-time view); the page only draws them.
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from "recharts";
import type { ReportRow } from "@/server/analytics/domain/report-row";
import type { TDashboardFilter } from "@/server/dashboards/schema";
import type { AppRouter } from "@/server/root";
import { useTRPC } from "@/app/_lib/trpc";
import { CANDIDATE, MODEL_COLORS, pct } from "../_lib/palette";
import { sliceFamily, sliceValue } from "../_lib/report-view";
import { ChartCard, DataTable } from "./chart-card";
import type { DashboardStudy } from "./dashboard-view";
import { SortableTable } from "./sortable-table";

type OverTime = inferRouterOutputs<AppRouter>["dashboards"]["overTime"];

const points = (v: number | null | undefined) => (v == null ? "—" : `±${(v * 100).toFixed(1)}`);
const count = (v: number | null | undefined) => (v == null ? "—" : v.toLocaleString("en-US"));

interface SlicePlan {
  slice: string;
  m: Map<string, ReportRow>;
}

export function PlanningSection({ study, filter, overTime }: { study: DashboardStudy; filter: TDashboardFilter; overTime: OverTime | undefined }) {
  const t = useTranslations("research.planningSection");
  const trpc = useTRPC();
  const [target, setTarget] = useState(3);
  const [difference, setDifference] = useState(5);
  const [power, setPower] = useState(80);
  const valid = target > 0 && target < 50 && difference > 0 && difference < 50 && power > 0 && power < 100;
  const plan = useQuery(trpc.planner.plan.queryOptions({ studyId: study.id, filter, targetHalfWidth: target / 100, difference: difference / 100, power: power / 100 },
    { enabled: valid && study.type === "SIDE_BY_SIDE", staleTime: 60_000, placeholderData: (prev) => prev }));
  const dims = study.dimensions.filter((d) => plan.data?.projections.some((p) => p.dimension === d.key));
  const [chosen, setChosen] = useState<string | null>(null);
  const dimension = chosen ?? dims.find((d) => d.key === "overall")?.key ?? dims[0]?.key ?? "";

  if (study.type !== "SIDE_BY_SIDE") {
    return <p className="text-sm text-slate-600">{t("thePlannerProjectsTheDecisive")}</p>;
  }
  const input = (label: string, value: number, set: (v: number) => void, unit: string, testId: string) => (
    <label className="flex items-center gap-1 text-sm">{label}
      <input type="number" className="w-20 rounded-md border border-slate-300 px-2 py-1" value={value} min={0.1} step={0.5} data-testid={testId}
        onChange={(e) => set(Number(e.target.value))} />{unit}</label>
  );
  const controls = (
    <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
      {input("Target: decisive rate within ±", target, setTarget, "points", "target-half-width")}
      {input("Detect 50% ±", difference, setDifference, "points", "power-difference")}
      {input("with power", power, setPower, "%", "power")}
      {dims.length > 1 && (
        <label className="text-sm">{t("dimension")}{" "}<select className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1" value={dimension} onChange={(e) => setChosen(e.target.value)}>
          {dims.map((d) => <option key={d.key} value={d.key}>{d.label}</option>)}</select></label>
      )}
      {!valid && <span role="alert" className="text-sm text-red-700">{t("targetsMustLieBetween0")}</span>}
    </div>
  );
  if (plan.error) return <div className="space-y-3">{controls}<div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">{t("couldNotPlan", { message: plan.error.message })}</div></div>;
  if (!plan.data) return <div className="space-y-3">{controls}<div className="flex h-32 items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-500" role="status">{t("computingThePlan")}</div></div>;
  // No dimension to project (nothing counted under these filters): say so rather than draw an
  // unlabelled summary, an empty chart and an empty table.
  if (dims.length === 0) return <div className="space-y-3">{controls}<p className="text-sm text-slate-600" role="status" data-testid="plan-empty">{t("noJudgmentsToPlanFrom")}</p></div>;

  // The numbers below are the plan's: label them with the targets it was computed for, which lag
  // the inputs while a new plan loads and stay put while an input is invalid.
  const pts = (x: number) => Math.round(x * 1000) / 10;
  const shown = { target: pts(plan.data.targets.targetHalfWidth), difference: pts(plan.data.targets.difference), power: pts(plan.data.targets.power) };
  const label = study.dimensions.find((d) => d.key === dimension)?.label ?? dimension;
  const pair = { a: study.candidate ?? "", b: study.baseline ?? "" };
  const mine = plan.data.rows.filter((r) => r.dimension === dimension && r.model_a === pair.a && r.model_b === pair.b);
  const bySlice = new Map<string, Map<string, ReportRow>>();
  for (const r of mine) (bySlice.get(r.slice) ?? bySlice.set(r.slice, new Map()).get(r.slice)!).set(r.metric, r);
  const slices: SlicePlan[] = [...bySlice].map(([slice, m]) => ({ slice, m }));
  const all = bySlice.get("all");
  const v = (m: Map<string, ReportRow> | undefined, metric: string) => m?.get(metric)?.value ?? null;
  const projection = plan.data.projections.find((p) => p.dimension === dimension && p.modelA === pair.a && p.modelB === pair.b);

  // Observed: the half-width of the decisive rate's interval at each over-time point, on this dimension.
  const observed = (overTime ?? []).flatMap((p) => {
    const r = p.rows.find((x) => x.dimension === dimension && x.metric === "decisive_rate_a" && x.slice === "all");
    const n = p.rows.find((x) => x.dimension === dimension && x.metric === "n_judgments" && x.slice === "all")?.value;
    return r && r.ci_low !== null && r.ci_high !== null && n != null ? [{ judgments: n, observed: ((r.ci_high - r.ci_low) / 2) * 100 }] : [];
  });
  const projected = (projection?.points ?? []).map((p) => ({ judgments: p.judgments, projected: p.halfWidth * 100 }));
  const k = plan.data.k;
  const more = v(all, "more_prompts_for_half_width");
  const title = t("stableYetTitle", { label });

  return (
    <div className="space-y-4">
      {controls}
      <p className="rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-[15px] leading-relaxed text-slate-800" data-testid="plan-summary">
        {t.rich("theDecisiveRateAposS", { label, value: points(v(all, "half_width_now")), value2: count(v(all, "n_prompts")), n: count(all?.get("decisive_rate_a")?.n), strong: (chunks) => <strong>{chunks}</strong>, strong2: (chunks) => <strong data-metric="half_width_now">{chunks}</strong> })}{" "}{more === null ? <>{all?.get("more_prompts_for_half_width")?.note ?? t("nothingToProjectYet")}</>
          : more === 0 ? <>{t("itIsWithinTheTarget", { target: shown.target })}</>
          : <>{t.rich("pointsNeedsAboutMorePrompts", { target: shown.target, more: count(more), value: count(v(all, "more_tasks_for_half_width")), k, strong: (chunks) => <strong data-metric="more_prompts_for_half_width">{chunks}</strong> })}</>}{" "}
        {v(all, "more_prompts_for_power") !== null && <>{t.rich("toTellFrom50With", { value: 50 + shown.difference, power: shown.power, value2: count(v(all, "more_prompts_for_power")), value3: pct(v(all, "power_now"), 0), strong: (chunks) => <strong data-metric="more_prompts_for_power">{chunks}</strong> })}</>}{" "}
        <span className="text-slate-600">{t("gradersOfOnePromptAgree", { value: v(all, "between_grader_icc")?.toFixed(2) ?? "—", k, value2: v(all, "effective_judgments_per_prompt")?.toFixed(1) ?? "—" })}</span>
      </p>
      <ChartCard title={title} fileStem={study.name}
        legend={[{ label: t("observedHalfWidthPoints"), color: CANDIDATE }, { label: t("projectedWithMorePromptsAt"), color: MODEL_COLORS[1] }, { label: t("targetTarget", { target: shown.target }), color: "#475569" }]}
        description={t("halfTheWidthOfThe", { label, k })}
        csvRows={[...observed.map((o) => ({ judgments: o.judgments, kind: "observed", half_width_points: o.observed })), ...projected.map((p) => ({ judgments: p.judgments, kind: "projected", half_width_points: p.projected }))]}
        table={<DataTable caption={title} columns={[t("judgments"), t("kind"), t("halfWidthPoints")]}
          rows={[...observed.map((o) => [o.judgments, t("observed"), `±${o.observed.toFixed(1)}`]), ...projected.map((p) => [p.judgments, t("projected"), `±${p.projected.toFixed(1)}`])]} />}>
        <ResponsiveContainer width="100%" height={260}>
          <ComposedChart accessibilityLayer={false} margin={{ left: 8, right: 24, top: 8, bottom: 4 }}>
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="judgments" type="number" domain={[0, "dataMax"]} tickFormatter={(x) => Number(x).toLocaleString("en-US")} fontSize={12}
              label={{ value: t("labelJudgments", { label }), position: "insideBottomRight", offset: -2, fontSize: 11 }} />
            <YAxis type="number" domain={[0, "auto"]} tickFormatter={(y) => `±${y}`} fontSize={12} width={48} />
            <ReferenceLine y={shown.target} stroke="#475569" strokeDasharray="4 3" label={{ value: t("targetTarget", { target: shown.target }), position: "insideTopRight", fontSize: 11 }} />
            <Tooltip formatter={(y, name) => [t("plusMinusPoints", { value: Number(y).toFixed(1) }), name === "projected" ? t("projected") : t("observed")]}
              labelFormatter={(x) => t("countJudgments", { count: Number(x).toLocaleString("en-US") })} />
            <Legend wrapperStyle={{ display: "none" }} />
            <Line data={projected} dataKey="projected" stroke={MODEL_COLORS[1]} strokeDasharray="6 4" strokeWidth={2} dot={false} isAnimationActive={false} />
            <Scatter data={observed} dataKey="observed" fill={CANDIDATE} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartCard>
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t("promptsNeededPerSlice", { label })}>
        <h3 className="font-semibold text-slate-900">{t("promptsNeededPerSlice", { label })}</h3>
        <p className="mb-2 text-xs text-slate-600">{t.rich("perSliceAtThatSlice", { code: (chunks) => <code>{chunks}</code> })}</p>
        <SortableTable caption={t("promptsNeededPerSlice2")} rows={slices} rowKey={(s) => s.slice} initialSort={{ key: "slice", desc: false }}
          columns={[
            { key: "slice", label: t("slice"), sortValue: (s) => (s.slice === "all" ? "" : s.slice), render: (s) => (s.slice === "all" ? <strong>{t("all")}</strong> : <><span className="text-slate-500">{sliceFamily(s.slice)}:</span> {sliceValue(s.slice)}</>) },
            { key: "prompts", label: t("prompts"), numeric: true, sortValue: (s) => v(s.m, "n_prompts"), render: (s) => count(v(s.m, "n_prompts")) },
            { key: "share", label: t("decisive"), numeric: true, sortValue: (s) => v(s.m, "decisive_share"), render: (s) => pct(v(s.m, "decisive_share"), 0) },
            { key: "rate", label: t("aChosen", { a: pair.a }), numeric: true, sortValue: (s) => v(s.m, "decisive_rate_a"), render: (s) => pct(v(s.m, "decisive_rate_a"), 0) },
            { key: "now", label: t("halfWidthNow"), numeric: true, sortValue: (s) => v(s.m, "half_width_now"), render: (s) => points(v(s.m, "half_width_now")) },
            { key: "target", label: t("morePromptsForTarget", { target: shown.target }), numeric: true, sortValue: (s) => v(s.m, "more_prompts_for_half_width"), render: (s) => count(v(s.m, "more_prompts_for_half_width")) },
            { key: "power", label: t("morePromptsForPowerPower", { power: shown.power }), numeric: true, sortValue: (s) => v(s.m, "more_prompts_for_power"), render: (s) => count(v(s.m, "more_prompts_for_power")) },
            { key: "powerNow", label: t("powerNow"), numeric: true, sortValue: (s) => v(s.m, "power_now"), render: (s) => pct(v(s.m, "power_now"), 0) },
          ]} />
      </section>
    </div>
  );
}
