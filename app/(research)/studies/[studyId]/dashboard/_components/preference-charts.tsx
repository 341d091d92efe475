"use client";
// Side-by-side charts: the stacked preference bar (candidate preferred / about the same / baseline
// preferred, as in published evaluations) and the decisive rate with its interval and sign test.
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, ErrorBar, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PreferenceSummary } from "../_lib/report-view";
import { SMALL_SAMPLE, ciDeltas } from "../_lib/report-view";
import { BASELINE, CANDIDATE, SAME, pValue, pct } from "../_lib/palette";
import { ChartCard, DataTable, TooltipBox } from "./chart-card";

export interface Labelled<T> {
  label: string;
  summary: T;
}

const ci = (e: { low: number | null; high: number | null }) => (e.low === null ? "" : ` (95% CI ${pct(e.low)}–${pct(e.high)})`);
const small = (n: number) => (n < SMALL_SAMPLE ? " ⚠" : "");

export function PreferenceBars({ items, candidate, baseline, title, description, fileStem, verdictRule }: {
  items: Labelled<PreferenceSummary>[]; candidate: string; baseline: string; title: string; description?: string; fileStem: string;
  /** how the study turns a prompt's judgments into its verdict */
  verdictRule: "mean" | "majority";
}) {
  const t = useTranslations("research.preferenceCharts");
  const data = items.map(({ label, summary: s }) => ({
    label: `${label}${small(s.prompts)}`, s,
    candidate: (s.candidate.value ?? 0) * 100, same: (s.same.value ?? 0) * 100, baseline: (s.baseline.value ?? 0) * 100,
    // Whiskers on the two boundaries, visible without hovering: the candidate's share ends where
    // "about the same" starts, the baseline's share starts where "about the same" ends (mirrored).
    candidateErr: ciDeltas(s.candidate, 100), baselineErr: [...ciDeltas(s.baseline, 100)].reverse(),
  }));
  const legend = [{ label: t("candidatePreferred", { candidate }), color: CANDIDATE }, { label: t("aboutTheSame"), color: SAME }, { label: t("baselinePreferred", { baseline }), color: BASELINE }];
  const anySmall = items.some((i) => i.summary.prompts < SMALL_SAMPLE);
  return (
    <ChartCard title={title} fileStem={fileStem} legend={legend}
      description={description ?? t("shareOfPromptsByVerdict", { rule: verdictRule })}
      warning={anySmall ? <p className="mb-1 text-xs text-amber-800">{t("fewerThanPromptsReadWith", { SMALL_SAMPLE })}</p> : undefined}
      csvRows={items.map(({ label, summary: s }) => ({
        group: label, dimension: s.dimension, slice: s.slice, prompts: s.prompts,
        candidate_preferred: s.candidate.value, candidate_ci_low: s.candidate.low, candidate_ci_high: s.candidate.high,
        about_the_same: s.same.value, same_ci_low: s.same.low, same_ci_high: s.same.high,
        baseline_preferred: s.baseline.value, baseline_ci_low: s.baseline.low, baseline_ci_high: s.baseline.high,
      }))}
      table={<DataTable caption={title} columns={["", t("prompts"), t("candidatePreferred", { candidate }), t("aboutTheSame2"), t("baselinePreferred", { baseline })]}
        rows={items.map(({ label, summary: s }) => [label, s.prompts, pct(s.candidate.value) + ci(s.candidate), pct(s.same.value) + ci(s.same), pct(s.baseline.value) + ci(s.baseline)])} />}>
      <ResponsiveContainer width="100%" height={40 + data.length * 42}>
        <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }} barCategoryGap={8}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v) => `${v}%`} fontSize={12} />
          <YAxis type="category" dataKey="label" width={150} fontSize={12} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} content={({ active, payload }) => {
            const s = active && payload?.[0] ? (payload[0].payload as (typeof data)[number]).s : null;
            return s ? <TooltipBox lines={[t("dimensionSlicePromptsPromptsJudgments", { dimension: s.dimension, slice: s.slice, prompts: s.prompts, judgments: s.judgments }),
              t("candidatePreferredPctCi", { candidate, pct: pct(s.candidate.value), ci: ci(s.candidate) }), t("aboutTheSamePctCi", { pct: pct(s.same.value), ci: ci(s.same) }),
              t("baselinePreferredPctCi", { baseline, pct: pct(s.baseline.value), ci: ci(s.baseline) })]} /> : null;
          }} />
          {([["candidate", CANDIDATE, "#fff"], ["same", SAME, "#0f172a"], ["baseline", BASELINE, "#0f172a"]] as const).map(([key, fill, text]) => (
            <Bar key={key} dataKey={key} stackId="v" fill={fill} isAnimationActive={false}>
              <LabelList dataKey={key} position="center" fill={text} fontSize={11} formatter={(v: unknown) => (Number(v) >= 7 ? `${Number(v).toFixed(1)}%` : "")} />
              {key === "candidate" && <ErrorBar dataKey="candidateErr" width={6} stroke="#0f172a" strokeWidth={1.5} direction="x" />}
              {key === "same" && <ErrorBar dataKey="baselineErr" width={6} stroke="#7c2d12" strokeWidth={1.5} direction="x" />}
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DecisiveRates({ items, candidate, title, description, fileStem }: {
  items: Labelled<PreferenceSummary>[]; candidate: string; title: string; description?: string; fileStem: string;
}) {
  const t = useTranslations("research.preferenceCharts");
  const data = items.map(({ label, summary: s }) => ({
    label: `${label}${small(s.decisive.n)}`, s, value: s.decisive.value === null ? 0 : s.decisive.value * 100,
    err: ciDeltas(s.decisive, 100),
  }));
  return (
    <ChartCard title={title} fileStem={fileStem} legend={[{ label: t("candidateChosenAmongPromptsWith", { candidate }), color: CANDIDATE }]}
      description={description ?? t("whereGradersPreferredOneResponse", { candidate })}
      csvRows={items.map(({ label, summary: s }) => ({ group: label, dimension: s.dimension, slice: s.slice, decisive_prompts: s.decisive.n,
        decisive_rate: s.decisive.value, ci_low: s.decisive.low, ci_high: s.decisive.high, sign_test_p: s.signP }))}
      table={<DataTable caption={title} columns={["", t("decisivePrompts"), t("candidateChosen", { candidate }), t("n95Ci"), t("signTest")]}
        rows={items.map(({ label, summary: s }) => [label, s.decisive.n, pct(s.decisive.value), s.decisive.low === null ? "—" : `${pct(s.decisive.low)}–${pct(s.decisive.high)}`, pValue(s.signP)])} />}>
      <ResponsiveContainer width="100%" height={40 + data.length * 36}>
        <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8, right: 150, top: 4, bottom: 4 }} barCategoryGap={10}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v) => `${v}%`} fontSize={12} />
          <YAxis type="category" dataKey="label" width={150} fontSize={12} />
          <ReferenceLine x={50} stroke="#475569" strokeDasharray="4 3" />
          <Tooltip cursor={{ fill: "#f1f5f9" }} content={({ active, payload }) => {
            const s = active && payload?.[0] ? (payload[0].payload as (typeof data)[number]).s : null;
            return s ? <TooltipBox lines={[`${s.dimension} · ${s.slice}`, t("candidateChosenOnPctCi", { candidate, pct: pct(s.decisive.value), ci: ci(s.decisive) }),
              t("ofNPromptsWithA", { n: s.decisive.n }), pValue(s.signP)]} /> : null;
          }} />
          <Bar dataKey="value" fill={CANDIDATE} isAnimationActive={false} barSize={18}>
            <ErrorBar dataKey="err" width={5} stroke="#0f172a" strokeWidth={1.5} direction="x" />
            <LabelList position="right"
              content={(p) => {
                const d = data[Number(p.index)];
                if (!d) return null; // recharts may still draw an index of the previous data while filters change
                // Right of the 100% mark, clear of the interval's whisker.
                const right = d.value > 0 ? Number(p.x) + (Number(p.width) * 100) / d.value + 6 : Number(p.x) + 6;
                return <text x={right} y={Number(p.y) + Number(p.height) / 2 + 4} fontSize={11} fill="#0f172a">{d.s.decisive.value === null ? t("nANoPromptWith") : `${pct(d.s.decisive.value)} · ${pValue(d.s.signP)}`}</text>;
              }} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
