"use client";
// The dashboard's filters. Each change rewrites the URL (so the view can be shared); the page
// re-renders on the server with the new headline and every section refetches with the filter.
import { useTranslations } from "next-intl";
import type { TDashboardFilter } from "@/server/dashboards/schema";
import { modalityLabel, type Modality } from "@/server/studies/schema";
import { filterIsEmpty } from "../_lib/filter-params";
import { anyNotInStudy, valuesNotInStudy } from "../_lib/values-not-in-study";

interface Option { value: string; label: string; items?: number }

function FilterGroup({ label, options, chosen, unknown, onChange }: { label: string; options: Option[]; chosen: string[]; unknown: Option[]; onChange: (v: string[]) => void }) {
  const t = useTranslations("research.filterBar");
  // One option filters nothing, so the group is left out, unless a value the study lacks was asked for.
  if (options.length <= 1 && unknown.length === 0) return null;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1">
      <span className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</span>
      {options.map((o) => {
        const on = chosen.includes(o.value);
        return (
          <button key={o.value} type="button" aria-pressed={on}
            onClick={() => onChange(on ? chosen.filter((v) => v !== o.value) : [...chosen, o.value])}
            className={`rounded-full border px-2.5 py-0.5 text-xs ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}>
            {o.label}{o.items !== undefined && <span className={on ? "text-indigo-100" : "text-slate-500"}> {o.items}</span>}
          </button>
        );
      })}
      {unknown.map((u) => (
        <button key={`unknown:${u.value}`} type="button" aria-pressed={true} title={t("removeValueNotInStudy")}
          onClick={() => onChange(chosen.filter((c) => c !== u.value))}
          className="rounded-full border border-amber-500 bg-amber-50 px-2.5 py-0.5 text-xs text-amber-900 hover:bg-amber-100">
          {t("notInThisStudy", { value: u.label })} <span aria-hidden="true">×</span>
        </button>
      ))}
    </div>
  );
}

export function FilterBar({ filter, dimensions, locales, categories, modalities, onChange, pending }: {
  filter: TDashboardFilter;
  dimensions: { key: string; label: string }[];
  locales: { value: string; items: number }[];
  categories: { value: string; items: number }[];
  modalities: { value: string; items: number }[];
  onChange: (f: TDashboardFilter) => void;
  pending: boolean;
}) {
  const t = useTranslations("research.filterBar");
  const any = !filterIsEmpty(filter);
  const unknown = valuesNotInStudy(filter, { dimensions, locales, categories, modalities });
  const asIs = (values: string[]) => values.map((v) => ({ value: v, label: v }));
  return (
    <div className="sticky top-0 z-10 mb-4 space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm" aria-label={t("filters")} role="region" aria-busy={pending}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{t("filters")}{" "}{pending && <span className="ml-2 text-xs font-normal text-slate-500">{t("updating")}</span>}</span>
        {any && <button type="button" className="text-xs text-indigo-700 underline" onClick={() => onChange({})}>{t("clearAllFilters")}</button>}
      </div>
      {anyNotInStudy(unknown) && <p role="note" className="text-xs text-amber-900">{t("valuesNotInStudyNote")}</p>}
      <FilterGroup label={t("dimension")} options={dimensions.map((d) => ({ value: d.key, label: d.label }))} chosen={filter.dimensions ?? []} unknown={asIs(unknown.dimensions)} onChange={(v) => onChange({ ...filter, dimensions: v })} />
      <FilterGroup label={t("locale")} options={locales.map((l) => ({ value: l.value, label: l.value, items: l.items }))} chosen={filter.locales ?? []} unknown={asIs(unknown.locales)} onChange={(v) => onChange({ ...filter, locales: v })} />
      <FilterGroup label={t("category")} options={categories.map((c) => ({ value: c.value, label: c.value, items: c.items }))} chosen={filter.categories ?? []} unknown={asIs(unknown.categories)} onChange={(v) => onChange({ ...filter, categories: v })} />
      <FilterGroup label={t("modality")} options={modalities.map((m) => ({ value: m.value, label: modalityLabel(m.value as Modality), items: m.items }))} chosen={filter.modalities ?? []} unknown={unknown.modalities.map((v) => ({ value: v, label: modalityLabel(v as Modality) }))}
        onChange={(v) => onChange({ ...filter, modalities: v as Modality[] })} />
    </div>
  );
}
