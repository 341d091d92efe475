"use client";
// Can the numbers be trusted? Agreement between graders, position bias, who did the work and how
// fast, and the tasks graders flagged.
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

type Quality = inferRouterOutputs<AppRouter>["dashboards"]["quality"];
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

export function QualitySection({ study, rows, quality }: { study: DashboardStudy; rows: ReportRow[]; quality: Quality }) {
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
          <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Agreement">
            <h3 className="font-semibold">Agreement (Krippendorff&apos;s alpha, interval)</h3>
            <p className="mt-2 text-sm text-slate-600">No counted judgments yet.</p>
          </section>
        ) : (
        <ChartCard title="Agreement (Krippendorff's alpha)" fileStem={study.name}
          legend={[{ label: "interval metric", color: MODEL_COLORS[2] }, { label: "ordinal metric", color: MODEL_COLORS[4] }]}
          description="1 = graders agree perfectly, 0 = no better than chance, below 0 = systematic disagreement; over prompts with two or more judgments (n). The interval metric weighs disagreements by distance on the scale, the ordinal one by rank (graders' scales are ordered, not measured). 95% intervals by bootstrap over prompts; none below 10 prompts. n/a: no variation."
          csvRows={alpha.map(({ label, r, o }) => ({ dimension: r.dimension, model: r.model_b === "" ? r.model_a : "", alpha: r.value, ci_low: r.ci_low, ci_high: r.ci_high,
            alpha_ordinal: o?.value ?? null, ordinal_ci_low: o?.ci_low ?? null, ordinal_ci_high: o?.ci_high ?? null, prompts: r.n, label }))}
          table={<DataTable caption="Agreement" columns={["", "alpha, interval (95% CI)", "alpha, ordinal (95% CI)", "prompts with ≥ 2 judgments"]}
            rows={alpha.map(({ label, r, o }) => [label, alphaCi(r), alphaCi(o), r.n])} />}>
          <ResponsiveContainer width="100%" height={40 + alpha.length * 44}>
            <BarChart data={alpha.map(({ label, r, o }) => ({ label, value: r.value ?? 0, ordinal: o?.value ?? 0, n: r.n,
              summary: `${r.value === null ? "n/a" : r.value.toFixed(2)} · ${o?.value == null ? "n/a" : o.value.toFixed(2)} (n = ${r.n})`,
              err: ciDeltas({ value: r.value, low: r.ci_low, high: r.ci_high }), errOrdinal: ciDeltas({ value: o?.value ?? null, low: o?.ci_low ?? null, high: o?.ci_high ?? null }) }))}
              layout="vertical" margin={{ left: 8, right: 8 }}>
              <CartesianGrid horizontal={false} stroke="#e2e8f0" />
              <XAxis type="number" domain={[alphaFloor, 1]} ticks={alphaTicks} fontSize={12} tickFormatter={(v) => Number(v).toFixed(2)} allowDataOverflow />
              <ReferenceLine x={0} stroke="#475569" />
              <YAxis yAxisId="left" type="category" dataKey="label" width={170} fontSize={12} />
              {/* The values beside the plot, clear of the whiskers: interval · ordinal (n). */}
              <YAxis yAxisId="values" orientation="right" type="category" dataKey="summary" width={160} fontSize={11} tickLine={false} axisLine={false} />
              <Tooltip formatter={(v, name, p) => [`${Number(v).toFixed(3)} (n = ${(p.payload as { n: number }).n} prompts)`, name === "ordinal" ? "alpha, ordinal" : "alpha, interval"]} />
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
          <ChartCard title="Position bias per grader" fileStem={study.name} legend={[{ label: "share of non-tie choices for the left response", color: CANDIDATE }]}
            description={`Overall: ${bias.map((r) => `${dimensionLabel(study, r.dimension)} ${pct(r.value)} (${r.ci_low === null ? r.note || "no interval" : `95% CI ${pct(r.ci_low)}–${pct(r.ci_high)}`}, n = ${r.n} judgments on ${r.n_clusters ?? 0} prompts)`).join("; ") || "no judgments with a known side"}. 50% = no bias. Intervals resample prompts (overall) and each grader's tasks (per grader), since the judgments of one prompt or one task are not independent.`}
            csvRows={graders.map((g) => ({ grader: g.name, left_share: g.positionBias?.value ?? null, ci_low: g.positionBias?.low ?? null, ci_high: g.positionBias?.high ?? null,
              non_tie_judgments: g.positionBias?.n ?? 0, tasks: g.positionBias?.clusters ?? 0, note: g.positionBias?.note ?? "" }))}
            table={<DataTable caption="Position bias per grader" columns={["grader", "left share", "95% CI", "non-tie judgments", "tasks"]}
              rows={graders.map((g) => [g.name, pct(g.positionBias?.value), leftShareCi(g.positionBias), g.positionBias?.n ?? 0, g.positionBias?.clusters ?? 0])} />}>
            {biasData.length === 0 ? <p className="text-sm text-slate-600">No judgments made in Verdict with a known side (imported judgments carry none).</p> : (
              <ResponsiveContainer width="100%" height={40 + biasData.length * 26}>
                <BarChart data={biasData} layout="vertical" margin={{ left: 8, right: 24 }}>
                  <CartesianGrid horizontal={false} stroke="#e2e8f0" />
                  <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v) => `${v}%`} fontSize={12} />
                  <YAxis type="category" dataKey="name" width={150} fontSize={12} />
                  <ReferenceLine x={50} stroke="#475569" strokeDasharray="4 3" />
                  <Tooltip content={({ active, payload }) => {
                    const g = active && payload?.[0] ? (payload[0].payload as (typeof biasData)[number]).g : null;
                    return g ? <div className="rounded border border-slate-300 bg-white p-2 text-xs shadow"><div className="font-semibold">{g.name}</div>
                      left on {pct(g.positionBias!.value)} ({leftShareCi(g.positionBias)}) of {g.positionBias!.n} non-tie judgments in {g.positionBias!.clusters} tasks</div> : null;
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

      {sxs && quality.weighted.length > 0 && <WeightedVerdictsTable study={study} rows={all} weighted={quality.weighted} />}
      {quality.weightedSkipped && (
        <p className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-600">
          Reliability-weighted verdicts (Dawid–Skene) are computed on the page for up to {quality.weightedSkipped.limit.toLocaleString("en-US")} judgments;
          this selection has {quality.weightedSkipped.judgments.toLocaleString("en-US")}. Narrow it with the filters (a locale or a dimension), or fit the model on the raw judgments CSV.
        </p>
      )}

      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Graders">
        <h3 className="mb-1 font-semibold">Graders</h3>
        <p className="mb-2 text-xs text-slate-600">
          Current judgments (surplus and control items included) per grader, with 95% intervals. Gold accuracy counts answers on gold and qualification items;
          agreement is the share of pairs with another grader on the same item and dimension that {sxs ? "pick the same verdict" : "are at most one point apart"};
          straight-lining is the share of tasks with one answer on every dimension. Highlighted rows are flagged, with the reason.
        </p>
        {graders.length === 0 ? <p className="text-sm text-slate-600">No judgments yet.</p> : (
          <SortableTable caption="Graders" rows={graders} rowKey={(g) => g.graderId} initialSort={{ key: "judgments", desc: true }}
            rowClass={(g) => (g.flags.length ? "bg-amber-50" : "")}
            columns={[
              { key: "name", label: "grader", sortValue: (g) => g.name, render: (g) => (
                <>
                  {g.name}
                  {g.flags.map((w) => <div key={w} className="mt-0.5 text-xs"><span className="rounded bg-amber-200 px-1.5 text-amber-950">{w}</span></div>)}
                  {g.flags.length > 0 && <a href={`/studies/${study.id}/quality?grader=${g.graderId}#exclusions`} className="mt-0.5 block text-xs text-indigo-700 underline">Exclude…</a>}
                </>
              ) },
              { key: "gold", label: "gold accuracy (95% CI)", numeric: true, sortValue: (g) => g.goldAccuracy?.value ?? null, render: (g) => rateCell(g.goldAccuracy) },
              { key: "attention", label: "attention checks failed", numeric: true, sortValue: (g) => g.attention.failed, render: (g) => (g.attention.tasks ? `${g.attention.failed} of ${g.attention.tasks}` : "—") },
              { key: "agreement", label: "agreement (95% CI)", numeric: true, sortValue: (g) => g.agreement?.value ?? null, render: (g) => rateCell(g.agreement) },
              { key: "straight", label: "straight-lining", numeric: true, sortValue: (g) => g.straightLining?.value ?? null, render: (g) => rateCell(g.straightLining) },
              { key: "tasks", label: "tasks", numeric: true, sortValue: (g) => g.tasks, render: (g) => g.tasks.toLocaleString("en-US") },
              { key: "judgments", label: "judgments", numeric: true, sortValue: (g) => g.judgments, render: (g) => g.judgments.toLocaleString("en-US") },
              { key: "median", label: "median s/task", numeric: true, sortValue: (g) => g.medianSeconds, render: (g) => num(g.medianSeconds, 0) },
              { key: "fastest", label: "fastest s", numeric: true, sortValue: (g) => g.fastestSeconds, render: (g) => num(g.fastestSeconds, 0) },
              { key: "tooFast", label: "too fast", numeric: true, sortValue: (g) => g.tooFastTasks, render: (g) => g.tooFastTasks },
              ...(sxs ? [
                { key: "ties", label: "tie rate", numeric: true, sortValue: (g: Grader) => g.tieRate?.value ?? null, render: (g: Grader) => g.tieRate ? `${pct(g.tieRate.value)} (n = ${g.tieRate.n})` : "—" },
                { key: "bias", label: "left share (95% CI)", numeric: true, sortValue: (g: Grader) => g.positionBias?.value ?? null,
                  render: (g: Grader) => g.positionBias ? `${pct(g.positionBias.value)} (${leftShareCi(g.positionBias)})` : "—" },
              ] : []),
              { key: "flagged", label: "flagged", numeric: true, sortValue: (g) => g.flaggedTasks, render: (g) => g.flaggedTasks },
              { key: "last", label: "last active", sortValue: (g) => g.lastSubmittedAt, render: (g) => (g.lastSubmittedAt ? new Date(g.lastSubmittedAt).toLocaleString("en-GB", { dateStyle: "short", timeStyle: "short" }) : "—") },
            ]} />
        )}
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Flagged tasks">
        <h3 className="mb-2 font-semibold">Flagged tasks ({quality.flagged.total.toLocaleString("en-US")})</h3>
        {quality.flagged.tasks.length === 0 ? <p className="text-sm text-slate-600">No grader flagged a task as “cannot assess” or “unsafe”.</p> : (
          <ul className="divide-y divide-slate-100 text-sm">
            {quality.flagged.tasks.map((t) => (
              <li key={t.assignmentId} className="py-2">
                <div className="flex flex-wrap gap-2 text-xs text-slate-600">
                  <span className="font-mono">{t.promptId}</span><span>{t.locale}</span><span>{t.grader}</span>
                  <span>{new Date(t.submittedAt).toLocaleString("en-GB", { dateStyle: "short", timeStyle: "short" })}</span>
                  {t.cannotAssess && <span className="rounded bg-slate-200 px-1.5 text-slate-800">cannot assess</span>}
                  {t.harmful && <span className="rounded bg-red-100 px-1.5 text-red-800">unsafe or harmful</span>}
                </div>
                <p className="mt-1 whitespace-pre-wrap">{t.comment || <span className="text-slate-500">(no comment)</span>}</p>
              </li>
            ))}
          </ul>
        )}
        {quality.flagged.total > quality.flagged.tasks.length && <p className="mt-2 text-xs text-slate-600">Showing the newest {quality.flagged.tasks.length}; the raw judgments CSV has them all.</p>}
      </section>
    </div>
  );
}

/** Dawid–Skene shares beside the plain per-prompt verdicts, dimension by dimension. */
function WeightedVerdictsTable({ study, rows, weighted }: { study: DashboardStudy; rows: ReportRow[]; weighted: Quality["weighted"] }) {
  const plain = (dimension: string, metric: string) => rows.find((r) => r.dimension === dimension && r.metric === metric);
  const cell = (r: ReportRow | undefined) => rateCell(r && { value: r.value, low: r.ci_low, high: r.ci_high });
  const order = study.dimensions.map((d) => d.key);
  const sorted = [...weighted].sort((a, b) => order.indexOf(a.dimension) - order.indexOf(b.dimension));
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Reliability-weighted verdicts">
      <h3 className="font-semibold">Reliability-weighted verdicts (Dawid–Skene), beside the plain ones</h3>
      <p className="mb-2 text-xs text-slate-600">
        Plain: share of prompts by the sign of their graders&apos; mean preference (the headline). Weighted: each grader&apos;s answers weighed by how
        reliable the model of Dawid and Skene estimates them to be, from the answers alone; share of prompts as the mean posterior probability.
        95% intervals (weighted: bootstrap over prompts with the graders&apos; estimates held fixed). A large gap says graders disagree in ways worth a look.
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Reliability-weighted verdicts</caption>
        <thead className="text-xs text-slate-500">
          <tr><th className="py-1 font-medium">Dimension</th>
            <th className="py-1 font-medium">{study.candidate} preferred: plain</th><th className="py-1 font-medium">weighted</th>
            <th className="py-1 font-medium">about the same: plain</th><th className="py-1 font-medium">weighted</th>
            <th className="py-1 font-medium">{study.baseline} preferred: plain</th><th className="py-1 font-medium">weighted</th>
            <th className="py-1 text-right font-medium">prompts</th></tr>
        </thead>
        <tbody>
          {sorted.map((w) => (
            <tr key={w.dimension} className="border-t border-slate-100 align-top">
              <td className="py-2">{dimensionLabel(study, w.dimension)}
                <span className="block text-xs text-slate-500" data-testid="dawid-skene-fit">
                  {w.refused ? "not fitted" : w.converged ? `converged in ${w.iterations} iterations` : <strong className="text-amber-800">stopped at its limit of {w.maxIterations} iterations: not settled</strong>}
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
