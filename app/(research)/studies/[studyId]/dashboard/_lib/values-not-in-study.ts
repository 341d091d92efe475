// Filter values a study does not have. A link shared from another study, or edited by hand, can
// ask for a locale, category, modality or dimension this study never had: the filter then matches
// nothing (or less than it seems to), so the filter bar must show those values and let them be
// removed, not hide them behind "no judgments match".
import type { TDashboardFilter } from "@/server/dashboards/schema";

export type UnknownFilterKey = "dimensions" | "locales" | "categories" | "modalities";

export interface StudyFilterOptions {
  dimensions: { key: string }[];
  locales: { value: string }[];
  categories: { value: string }[];
  modalities: { value: string }[];
}

export type ValuesNotInStudy = Record<UnknownFilterKey, string[]>;

/** Per filter, the chosen values that are not among the study's, in the order they were chosen. */
export function valuesNotInStudy(filter: TDashboardFilter, study: StudyFilterOptions): ValuesNotInStudy {
  const missing = (chosen: string[] | undefined, known: string[]) => (chosen ?? []).filter((v) => !known.includes(v));
  return {
    dimensions: missing(filter.dimensions, study.dimensions.map((d) => d.key)),
    locales: missing(filter.locales, study.locales.map((l) => l.value)),
    categories: missing(filter.categories, study.categories.map((c) => c.value)),
    modalities: missing(filter.modalities, study.modalities.map((m) => m.value)),
  };
}

export const anyNotInStudy = (v: ValuesNotInStudy) => Object.values(v).some((values) => values.length > 0);
