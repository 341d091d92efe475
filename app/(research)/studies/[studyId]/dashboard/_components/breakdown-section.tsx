"use client";
// The headline by locale region, category, locale or modality, for one dimension at a time, with
// small-sample warnings and a one-line answer to "is it consistent across them?".
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import type { ReportRow } from "@/server/analytics/domain/report-row";
import { SMALL_SAMPLE, improvementsOver, preferenceSummaries, scoreSummaries, sliceFamily, sliceValue, type PreferenceSummary } from "../_lib/report-view";
import { pValue, pct } from "../_lib/palette";
import type { DashboardStudy } from "./dashboard-view";
import { dimensionLabel } from "./headline-section";
import { DecisiveRates, PreferenceBars } from "./preference-charts";
import { MeanScores, RelativeImprovements } from "./score-charts";
import { SortableTable } from "./sortable-table";
import { useViewParam } from "../_lib/use-view-param";

/** The slice families a breakdown can use, each named in the catalogue (breakdownSection.family). */
const FAMILIES = ["region", "category", "locale", "modality"] as const;

/** How consistently the candidate leads across the family's slices, as counts for the catalogue message. */
function consistency(items: PreferenceSummary[], candidate: string, family: string) {
  const rated = items.filter((s) => s.decisive.value !== null);
  return {
    candidate, family, rated: rated.length,
    ahead: rated.filter((s) => s.decisive.value! > 0.5).length,
    clearlyAhead: rated.filter((s) => s.decisive.low! > 0.5).length,
    clearlyBehind: rated.filter((s) => s.decisive.high! < 0.5).length,
  };
}

export function BreakdownSection({ study, rows, baseline }: { study: DashboardStudy; rows: ReportRow[]; baseline: string }) {
  const t = useTranslations("research.breakdownSection");
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t("noCountedJudgmentsToBreak")}</p>;
  return <Breakdowns study={study} rows={rows} baseline={baseline} />;
}

function Breakdowns({ study, rows, baseline }: { study: DashboardStudy; rows: ReportRow[]; baseline: string }) {
  const t = useTranslations("research.breakdownSection");
  const dims = study.dimensions.filter((d) => rows.some((r) => r.dimension === d.key));
  // The choice lives in the URL (?by=category&by_dimension=truthfulness), like the filters: a shared link shows the same view.
  const searchParams = useSearchParams();
  const asked = searchParams.get("by");
  const family: string = FAMILIES.some((f) => f === asked) ? asked! : "region";
  const askedDimension = searchParams.get("by_dimension");
  const dimension = dims.some((d) => d.key === askedDimension) ? askedDimension! : dims.find((d) => d.key === "overall")?.key ?? dims[0]?.key ?? "";
  const choose = useViewParam();
  const setFamily = (v: string) => choose("by", v);
  const setDimension = (v: string) => choose("by_dimension", v);
  const inFamily = rows.filter((r) => sliceFamily(r.slice) === family && r.dimension === dimension);
  const familyLabel = t(`family.${family}`);
  const title = t("titleByFamily", { dimension: dimensionLabel(study, dimension), family });
  const controls = (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <label>{t("breakDownBy")}{" "}<select className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1" value={family} onChange={(e) => setFamily(e.target.value)}>
        {FAMILIES.map((f) => <option key={f} value={f}>{t(`family.${f}`)}</option>)}</select></label>
      <label>{t("dimension")}{" "}<select className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1" value={dimension} onChange={(e) => setDimension(e.target.value)}>
        {dims.map((d) => <option key={d.key} value={d.key}>{d.label}</option>)}</select></label>
    </div>
  );
  if (inFamily.length === 0) return <div className="space-y-3">{controls}<p className="text-sm text-slate-600">{t("nothingToBreakDownFor")}</p></div>;

  if (study.type === "SIDE_BY_SIDE") {
    const candidate = study.candidate ?? "A";
    const summaries = preferenceSummaries(inFamily).sort((a, b) => a.slice.localeCompare(b.slice));
    const items = summaries.map((s) => ({ label: sliceValue(s.slice), summary: s }));
    return (
      <div className="space-y-4">
        {controls}
        <p className="text-sm text-slate-700" data-testid="consistency">{t("consistency", consistency(summaries, candidate, family))}</p>
        <div className="grid gap-4 2xl:grid-cols-2">
          <PreferenceBars verdictRule={study.verdictRule} items={items} candidate={candidate} baseline={study.baseline ?? "B"} title={title} fileStem={study.name} />
          <DecisiveRates items={items} candidate={candidate} title={t("decisiveRate", { title: title.toLowerCase() })} fileStem={study.name} />
        </div>
        <SortableTable caption={title} rows={summaries} rowKey={(s) => s.slice} initialSort={{ key: "slice", desc: false }}
          rowClass={(s) => (s.prompts < SMALL_SAMPLE ? "bg-amber-50" : "")}
          columns={[
            { key: "slice", label: familyLabel, sortValue: (s) => sliceValue(s.slice), render: (s) => <>{sliceValue(s.slice)}{s.prompts < SMALL_SAMPLE && <span className="ml-1 text-xs text-amber-800" title={t("fewerThanPrompts", { SMALL_SAMPLE })}>{t("smallN")}</span>}</> },
            { key: "prompts", label: t("prompts"), numeric: true, sortValue: (s) => s.prompts, render: (s) => s.prompts.toLocaleString("en-US") },
            { key: "a", label: t("candidatePreferred", { candidate }), numeric: true, sortValue: (s) => s.candidate.value, render: (s) => pct(s.candidate.value) },
            { key: "t", label: t("same"), numeric: true, sortValue: (s) => s.same.value, render: (s) => pct(s.same.value) },
            { key: "b", label: t("baselinePreferred", { baseline: study.baseline }), numeric: true, sortValue: (s) => s.baseline.value, render: (s) => pct(s.baseline.value) },
            { key: "d", label: t("decisiveRate95Ci"), numeric: true, sortValue: (s) => s.decisive.value, render: (s) => `${pct(s.decisive.value)} (${pct(s.decisive.low)}–${pct(s.decisive.high)})` },
            { key: "split", label: t("split"), numeric: true, sortValue: (s) => s.split.value, render: (s) => pct(s.split.value) },
            { key: "p", label: t("signTest"), numeric: true, sortValue: (s) => s.signP, render: (s) => pValue(s.signP) },
            { key: "holm", label: t("holmAdjusted"), numeric: true, sortValue: (s) => s.holmP,
              render: (s) => s.holmP === null ? "—" : <span data-testid="holm">{pValue(s.holmP)} {s.holmP < 0.05 ? <strong className="text-emerald-800">{t("significant")}</strong> : <span className="text-slate-500">n.s.</span>}</span> },
          ]} />
        <p className="text-xs text-slate-600">{t("splitPromptsWhoseGradersDisagreed")}</p>
      </div>
    );
  }
  const scores = scoreSummaries(inFamily);
  const slices = [...new Set(scores.map((s) => s.slice))].sort();
  const improvements = improvementsOver(inFamily, baseline);
  return (
    <div className="space-y-4">
      {controls}
      <div className="grid gap-4 2xl:grid-cols-2">
        <MeanScores groups={slices.map((sl) => ({ label: sliceValue(sl), scores: scores.filter((s) => s.slice === sl) }))} models={study.models} title={title} fileStem={study.name} />
        <RelativeImprovements groups={slices.map((sl) => ({ label: sliceValue(sl), improvements: improvements.filter((s) => s.slice === sl) }))}
          baseline={baseline} models={study.models} title={t("relativeImprovementOver", { baseline, title: title.toLowerCase() })} fileStem={study.name} />
      </div>
    </div>
  );
}
