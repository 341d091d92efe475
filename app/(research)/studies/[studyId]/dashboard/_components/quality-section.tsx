"use client";
// Can the numbers be trusted? Agreement between graders, position bias, who did the work and how
// fast, and the tasks graders flagged.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import { Bar, BarChart, CartesianGrid, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ReportRow } from "@/server/analytics/domain/report-row";
import type { AppRouter } from "@/server/root";
import { CANDIDATE, MODEL_COLORS, num, pct } from "../_lib/palette";
import { ciDeltas } from "../_lib/report-view";
import { ChartCard, DataTable } from "./chart-card";
import type { DashboardStudy } from "./dashboard-view";
import { dimensionLabel } from "./headline-section";
import { SortableTable } from "./sortable-table";
import { useMomentFormat } from "@/app/_lib/use-moment-format";

type Quality = inferRouterOutputs<AppRouter>["dashboards"]["quality"];
type Weighted = inferRouterOutputs<AppRouter>["dashboards"]["weightedVerdicts"];
type Grader = Quality["graders"][number];

/** A share with its 95% interval underneath (and n, when given): one look for every rate in this section. */
function rateCell(r: { value: number | null; low: number | null; high: number | null; n?: number } | null | undefined) {
  if (!r) return "—";
  return <>{pct(r.value)}<div className="whitespace-nowrap text-xs text-slate-500">{pct(r.low, 0)}–{pct(r.high, 0)}{r.n !== undefined && ` · n = ${r.n}`}</div></>;
}

/** A left share's interval, or why there is none (too few tasks to resample). */
function leftShareCi(r: { low: number | null; high: number | null; clusters?: number; note?: string } | null | undefined): string {
  if (!r) return "—";
  if (r.low === null || r.high === null) return r.clusters ? `no interval: ${r.clusters} tasks` : "—";
  return `${pct(r.low)}–${pct(r.high)}`;
}

/**
 * `weighted`: the reliability-weighted verdicts, a request of their own that may still be running
 * (then `placeholder` shows where they will be); null for a single-sided study.
 */
export function QualitySection({ study, rows, quality, weighted }: { study: DashboardStudy; rows: ReportRow[]; quality: Quality;
  weighted: { data: Weighted | undefined; placeholder: ReactNode } | null }) {
  const t = useTranslations("research.qualitySection");
  const moment = useMomentFormat();
  const all = rows.filter((r) => r.slice === "all");
  const alphaRows = study.dimensions.flatMap((d) => all.filter((r) => r.dimension === d.key && r.metric === "alpha"));
  const ordinalOf = (r: ReportRow) => all.find((o) => o.metric === "alpha_ordinal" && o.dimension === r.dimension && o.model_a === r.model_a && o.model_b === r.model_b);
  // Negative alpha (disagreement worse than chance) is possible: the axis reaches below 0, in quarter steps, when it occurs.
  const alphaLows = alphaRows.flatMap((r) => [r.value ?? 0, r.ci_low ?? 0, ordinalOf(r)?.value ?? 0, ordinalOf(r)?.ci_low ?? 0]);
  const alphaFloor = Math.min(0, Math.floor(Math.min(...alphaLows) * 4) / 4);
  const alphaTicks = Array.from({ length: Math.round((1 - alphaFloor) * 4) + 1 }, (_, i) => alphaFloor + i / 4);
  const alpha = alphaRows.map((r) => ({ label: `${dimensionLabel(study, r.dimension)}${study.type === "SINGLE_SIDED" ? ` · ${r.model_a}` : ""}`, r, o: ordinalOf(r) }));
  const alphaCi = (r: ReportRow | undefined) => (!r || r.value === null ? "n/a" : r.ci_low === null ? `${r.value.toFixed(2)} (no interval)` : `${r.value.toFixed(2)} (${r.ci_low.toFixed(2)} to ${r.ci_high!.toFixed(2)})`);
  const bias = study.dimensions.flatMap((d) => all.filter((r) => r.dimension === d.key && r.metric === "position_bias"));
  const sxs = study.type === "SIDE_BY_SIDE";
  const graders = quality.graders;
  const biasData = graders.filter((g) => g.positionBias?.value !== null && g.positionBias).map((g) => ({
    name: g.name, g, value: g.positionBias!.value! * 100, err: ciDeltas(g.positionBias!, 100),
  }));
  return (
    <div className="space-y-4">
      <div className="grid gap-4 xl:grid-cols-2">
        {alpha.length === 0 ? (
          <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t("agreement")}>
            <h3 className="font-semibold">{t("agreementKrippendorffAposSAlpha")}</h3>
            <p className="mt-2 text-sm text-slate-600">{t("noCountedJudgmentsYet")}</p>
          </section>
        ) : (
        <ChartCard title={t("agreementKrippendorffSAlpha")} fileStem={study.name}
          legend={[{ label: t("intervalMetric"), color: MODEL_COLORS[2] }, { label: t("ordinalMetric"), color: MODEL_COLORS[4] }]}
          description={t("n1GradersAgreePerfectly0")}
          csvRows={alpha.map(({ label, r, o }) => ({ dimension: r.dimension, model: r.model_b === "" ? r.model_a : "", alpha: r.value, ci_low: r.ci_low, ci_high: r.ci_high,
            alpha_ordinal: o?.value ?? null, ordinal_ci_low: o?.ci_low ?? null, ordinal_ci_high: o?.ci_high ?? null, prompts: r.n, label }))}
          table={<DataTable caption={t("agreement")} columns={["", t("alphaInterval95Ci"), t("alphaOrdinal95Ci"), t("promptsWith2Judgments")]}
            rows={alpha.map(({ label, r, o }) => [label, alphaCi(r), alphaCi(o), r.n])} />}>
          <ResponsiveContainer width="100%" height={40 + alpha.length * 44}>
            <BarChart accessibilityLayer={false} data={alpha.map(({ label, r, o }) => ({ label, value: r.value ?? 0, ordinal: o?.value ?? 0, n: r.n,
              summary: `${r.value === null ? "n/a" : r.value.toFixed(2)} · ${o?.value == null ? "n/a" : o.value.toFixed(2)} (n = ${r.n})`,
              err: ciDeltas({ value: r.value, low: r.ci_low, high: r.ci_high }), errOrdinal: ciDeltas({ value: o?.value ?? null, low: o?.ci_low ?? null, high: o?.ci_high ?? null }) }))}
              layout="vertical" margin={{ left: 8, right: 8 }}>
              <CartesianGrid horizontal={false} stroke="#e2e8f0" />
              <XAxis type="number" domain={[alphaFloor, 1]} ticks={alphaTicks} fontSize={12} tickFormatter={(v) => Number(v).toFixed(2)} allowDataOverflow />
              <ReferenceLine x={0} stroke="#475569" />
              <YAxis yAxisId="left" type="category" dataKey="label" width={170} fontSize={12} />
              {/* The values beside the plot, clear of the whiskers: interval · ordinal (n). */}
              <YAxis yAxisId="values" orientation="right" type="category" dataKey="summary" width={160} fontSize={11} tickLine={false} axisLine={false} />
              <Tooltip formatter={(v, name, p) => [t("alphaOnPrompts", { value: Number(v).toFixed(3), n: (p.payload as { n: number }).n }), name === "ordinal" ? t("alphaOrdinal") : t("alphaInterval")]} />
              <Bar yAxisId="left" dataKey="value" fill={MODEL_COLORS[2]} isAnimationActive={false} barSize={12}>
                <ErrorBar dataKey="err" width={4} stroke="#0f172a" direction="x" />
              </Bar>
              <Bar yAxisId="left" dataKey="ordinal" fill={MODEL_COLORS[4]} isAnimationActive={false} barSize={12}>
                <ErrorBar dataKey="errOrdinal" width={4} stroke="#0f172a" direction="x" />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        )}
        {sxs && (
          <ChartCard title={t("positionBiasPerGrader")} fileStem={study.name} legend={[{ label: t("shareOfNonTieChoices"), color: CANDIDATE }]}
            description={t("positionBiasOverall", { overall: bias.map((r) => t("positionBiasDimension", {
              dimension: dimensionLabel(study, r.dimension), value: pct(r.value), n: r.n, prompts: r.n_clusters ?? 0,
              interval: r.ci_low === null ? r.note || t("noInterval") : t("interval95", { low: pct(r.ci_low), high: pct(r.ci_high) }) })).join("; ") || t("noJudgmentsWithAKnownSide") })}
            csvRows={graders.map((g) => ({ grader: g.name, left_share: g.positionBias?.value ?? null, ci_low: g.positionBias?.low ?? null, ci_high: g.positionBias?.high ?? null,
              non_tie_judgments: g.positionBias?.n ?? 0, tasks: g.positionBias?.clusters ?? 0, note: g.positionBias?.note ?? "" }))}
            table={<DataTable caption={t("positionBiasPerGrader")} columns={[t("grader"), t("leftShare"), t("n95Ci"), t("nonTieJudgments"), t("tasks")]}
              rows={graders.map((g) => [g.name, pct(g.positionBias?.value), leftShareCi(g.positionBias), g.positionBias?.n ?? 0, g.positionBias?.clusters ?? 0])} />}>
            {biasData.length === 0 ? <p className="text-sm text-slate-600">{t("noJudgmentsMadeInVerdict")}</p> : (
              <ResponsiveContainer width="100%" height={40 + biasData.length * 26}>
                <BarChart accessibilityLayer={false} data={biasData} layout="vertical" margin={{ left: 8, right: 24 }}>
                  <CartesianGrid horizontal={false} stroke="#e2e8f0" />
                  <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v) => `${v}%`} fontSize={12} />
                  <YAxis type="category" dataKey="name" width={150} fontSize={12} />
                  <ReferenceLine x={50} stroke="#475569" strokeDasharray="4 3" />
                  <Tooltip content={({ active, payload }) => {
                    const g = active && payload?.[0] ? (payload[0].payload as (typeof biasData)[number]).g : null;
                    return g ? <div className="rounded border border-slate-300 bg-white p-2 text-xs shadow"><div className="font-semibold">{g.name}</div>
                      {t("leftOnOfNonTie", { value: pct(g.positionBias!.value), positionBias: leftShareCi(g.positionBias), n: g.positionBias!.n ?? 0, clusters: g.positionBias!.clusters ?? 0 })}</div> : null;
                  }} />
                  <Bar dataKey="value" fill={CANDIDATE} isAnimationActive={false} barSize={12}>
                    <ErrorBar dataKey="err" width={4} stroke="#0f172a" direction="x" />
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            )}
          </ChartCard>
        )}
      </div>

      {weighted && !weighted.data && weighted.placeholder}
      {weighted?.data && weighted.data.weighted.length > 0 && <WeightedVerdictsTable study={study} rows={all} weighted={weighted.data.weighted} />}
      {weighted?.data?.skipped && (
        <p className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-600">
          {t("reliabilityWeightedVerdictsDawidSkene", { limit: weighted.data.skipped.limit.toLocaleString("en-US"), judgments: weighted.data.skipped.judgments.toLocaleString("en-US") })}</p>
      )}

      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t("graders")}>
        <h3 className="mb-1 font-semibold">{t("graders")}</h3>
        <p className="mb-2 text-xs text-slate-600">
          {t("graderAgreementNote", { type: sxs ? "sideBySide" : "singleSided" })}</p>
        {graders.length === 0 ? <p className="text-sm text-slate-600">{t("noJudgmentsYet")}</p> : (
          <SortableTable caption={t("graders")} rows={graders} rowKey={(g) => g.graderId} initialSort={{ key: "judgments", desc: true }}
            rowClass={(g) => (g.flags.length ? "bg-amber-50" : "")}
            columns={[
              { key: "name", label: t("grader"), sortValue: (g) => g.name, render: (g) => (
                <>
                  {g.name}
                  {g.flags.map((w) => <div key={w} className="mt-0.5 text-xs"><span className="rounded bg-amber-200 px-1.5 text-amber-950">{w}</span></div>)}
                  {g.flags.length > 0 && <a href={`/studies/${study.id}/quality?grader=${g.graderId}#exclusions`} className="mt-0.5 block text-xs text-indigo-700 underline">{t("exclude")}</a>}
                </>
              ) },
              { key: "gold", label: t("goldAccuracy95Ci"), numeric: true, sortValue: (g) => g.goldAccuracy?.value ?? null, render: (g) => rateCell(g.goldAccuracy) },
              { key: "attention", label: t("attentionChecksFailed"), numeric: true, sortValue: (g) => g.attention.failed, render: (g) => (g.attention.tasks ? `${g.attention.failed} of ${g.attention.tasks}` : "—") },
              { key: "agreement", label: t("agreement95Ci"), numeric: true, sortValue: (g) => g.agreement?.value ?? null, render: (g) => rateCell(g.agreement) },
              { key: "straight", label: t("straightLining"), numeric: true, sortValue: (g) => g.straightLining?.value ?? null, render: (g) => rateCell(g.straightLining) },
              { key: "tasks", label: t("tasks"), numeric: true, sortValue: (g) => g.tasks, render: (g) => g.tasks.toLocaleString("en-US") },
              { key: "judgments", label: t("judgments"), numeric: true, sortValue: (g) => g.judgments, render: (g) => g.judgments.toLocaleString("en-US") },
              { key: "median", label: t("medianSTask"), numeric: true, sortValue: (g) => g.medianSeconds, render: (g) => num(g.medianSeconds, 0) },
              { key: "fastest", label: t("fastestS"), numeric: true, sortValue: (g) => g.fastestSeconds, render: (g) => num(g.fastestSeconds, 0) },
              { key: "tooFast", label: t("tooFast"), numeric: true, sortValue: (g) => g.tooFastTasks, render: (g) => g.tooFastTasks },
              ...(sxs ? [
                { key: "ties", label: t("tieRate"), numeric: true, sortValue: (g: Grader) => g.tieRate?.value ?? null, render: (g: Grader) => g.tieRate ? `${pct(g.tieRate.value)} (n = ${g.tieRate.n})` : "—" },
                { key: "bias", label: t("leftShare95Ci"), numeric: true, sortValue: (g: Grader) => g.positionBias?.value ?? null,
                  render: (g: Grader) => g.positionBias ? `${pct(g.positionBias.value)} (${leftShareCi(g.positionBias)})` : "—" },
              ] : []),
              { key: "flagged", label: t("flagged"), numeric: true, sortValue: (g) => g.flaggedTasks, render: (g) => g.flaggedTasks },
              { key: "last", label: t("lastActive"), sortValue: (g) => g.lastSubmittedAt, render: (g) => (g.lastSubmittedAt ? moment(g.lastSubmittedAt) : "—") },
            ]} />
        )}
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t("flaggedTasks")}>
        <h3 className="mb-2 font-semibold">{t("flaggedTasks2", { total: quality.flagged.total.toLocaleString("en-US") })}</h3>
        {quality.flagged.tasks.length === 0 ? <p className="text-sm text-slate-600">{t("noGraderFlaggedATask")}</p> : (
          <ul className="divide-y divide-slate-100 text-sm">
            {quality.flagged.tasks.map((task) => (
              <li key={task.assignmentId} className="py-2">
                <div className="flex flex-wrap gap-2 text-xs text-slate-600">
                  <span className="font-mono">{task.promptId}</span><span>{task.locale}</span><span>{task.grader}</span>
                  <span>{moment(task.submittedAt)}</span>
                  {task.cannotAssess && <span className="rounded bg-slate-200 px-1.5 text-slate-800">{t("cannotAssess")}</span>}
                  {task.harmful && <span className="rounded bg-red-100 px-1.5 text-red-800">{t("unsafeOrHarmful")}</span>}
                </div>
                <p className="mt-1 whitespace-pre-wrap">{task.comment || <span className="text-slate-500">{t("noComment")}</span>}</p>
              </li>
            ))}
          </ul>
        )}
        {quality.flagged.total > quality.flagged.tasks.length && <p className="mt-2 text-xs text-slate-600">{t("showingTheNewestTheRaw", { count: quality.flagged.tasks.length })}</p>}
      </section>
    </div>
  );
}

/** Dawid–Skene shares beside the plain per-prompt verdicts, dimension by dimension. */
function WeightedVerdictsTable({ study, rows, weighted }: { study: DashboardStudy; rows: ReportRow[]; weighted: Weighted["weighted"] }) {
  const t = useTranslations("research.qualitySection");
  const plain = (dimension: string, metric: string) => rows.find((r) => r.dimension === dimension && r.metric === metric);
  const cell = (r: ReportRow | undefined) => rateCell(r && { value: r.value, low: r.ci_low, high: r.ci_high });
  const order = study.dimensions.map((d) => d.key);
  const sorted = [...weighted].sort((a, b) => order.indexOf(a.dimension) - order.indexOf(b.dimension));
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t("reliabilityWeightedVerdicts")}>
      <h3 className="font-semibold">{t("reliabilityWeightedVerdictsDawidSkene2")}</h3>
      <p className="mb-2 text-xs text-slate-600">
        {t("plainShareOfPromptsBy")}</p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("reliabilityWeightedVerdicts")}</caption>
        <thead className="text-xs text-slate-500">
          <tr><th className="py-1 font-medium">{t("dimension")}</th>
            <th className="py-1 font-medium">{t("preferredPlain", { candidate: study.candidate })}</th><th className="py-1 font-medium">{t("weighted")}</th>
            <th className="py-1 font-medium">{t("aboutTheSamePlain")}</th><th className="py-1 font-medium">{t("weighted")}</th>
            <th className="py-1 font-medium">{t("preferredPlain2", { baseline: study.baseline })}</th><th className="py-1 font-medium">{t("weighted")}</th>
            <th className="py-1 text-right font-medium">{t("prompts")}</th></tr>
        </thead>
        <tbody>
          {sorted.map((w) => (
            <tr key={w.dimension} className="border-t border-slate-100 align-top">
              <td className="py-2">{dimensionLabel(study, w.dimension)}
                <span className="block text-xs text-slate-500" data-testid="dawid-skene-fit">
                  {w.refused ? t("notFitted") : w.converged ? t("convergedInIterations", { iterations: w.iterations }) : <strong className="text-amber-800">{t("stoppedAtItsLimitOf", { maxIterations: w.maxIterations })}</strong>}
                </span></td>
              {w.refused ? (
                <td className="py-2 text-slate-600" colSpan={6}>{w.refused}.</td>
              ) : (<>
                <td className="py-2">{cell(plain(w.dimension, "win_rate_a"))}</td><td className="py-2 font-medium">{rateCell(w.candidate)}</td>
                <td className="py-2">{cell(plain(w.dimension, "tie_rate"))}</td><td className="py-2 font-medium">{rateCell(w.same)}</td>
                <td className="py-2">{cell(plain(w.dimension, "win_rate_b"))}</td><td className="py-2 font-medium">{rateCell(w.baseline)}</td>
              </>)}
              <td className="py-2 text-right tabular-nums">{w.prompts.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
