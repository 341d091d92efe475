// The dashboard's filters in its URL, so a view can be shared: ?dimension=overall,truthfulness&locale=ja-JP&…
import type { TDashboardFilter } from "@/server/dashboards/schema";
import { modalityLabel, parseModality, type Modality } from "@/server/studies/schema";

const PARAMS = { dimensions: "dimension", locales: "locale", categories: "category", modalities: "modality" } as const;
type Key = keyof typeof PARAMS;

type Search = Record<string, string | string[] | undefined> | URLSearchParams;

const read = (q: Search, name: string): string | undefined => {
  const v = q instanceof URLSearchParams ? q.get(name) ?? undefined : q[name];
  return Array.isArray(v) ? v.join(",") : v;
};

/**
 * Values in a comma list, split at commas that are not escaped. A category is free text and may
 * hold a comma ("Reasoning, math"): its commas (and backslashes) are escaped with a backslash when
 * written, so it reads back as one value. Links written before escaping read as they always did.
 */
export function splitList(v: string): string[] {
  const out: string[] = [];
  let current = "";
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (c === "\\" && i + 1 < v.length) current += v[++i];
    else if (c === ",") {
      out.push(current);
      current = "";
    } else current += c;
  }
  out.push(current);
  return out;
}

const escapeListValue = (v: string) => v.replace(/[\\,]/g, (c) => `\\${c}`);

const list = (v: string | undefined): string[] => (v ? [...new Set(splitList(v).map((s) => s.trim()).filter(Boolean))].sort() : []);

export function filterFromParams(q: Search): TDashboardFilter {
  const f: TDashboardFilter = {};
  for (const key of Object.keys(PARAMS) as Key[]) {
    const values = list(read(q, PARAMS[key]));
    if (!values.length) continue;
    if (key === "modalities") {
      // Labels as reports print them (text→image, also text->image); unreadable ones are left
      // out here and named by unreadableModalities, so the page refuses the link instead.
      const m = [...new Set(values.map(parseModality).filter((v): v is Modality => v !== null))];
      if (m.length) f.modalities = m;
    } else f[key] = values;
  }
  // A study of more than two models: the pair shown, as two parameters (model names may hold any character).
  const a = read(q, "pair_a"), b = read(q, "pair_b");
  if (a && b) f.pair = [a, b];
  return f;
}

/**
 * Modality values in the URL that name no modality (`modality=bogus`). Dropping them would widen the
 * view silently: `?modality=bogus` alone would show every judgment as if it were filtered.
 */
export function unreadableModalities(q: Search): string[] {
  return list(read(q, PARAMS.modalities)).filter((v) => parseModality(v) === null);
}

/** The same filter as URL parameters (other parameters, like the chosen baseline, are kept). */
export function paramsWithFilter(base: URLSearchParams, f: TDashboardFilter): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const key of Object.keys(PARAMS) as Key[]) {
    const values = f[key];
    if (values?.length) out.set(PARAMS[key], [...values].sort().map((v) => escapeListValue(key === "modalities" ? modalityLabel(v as Modality) : v)).join(","));
    else out.delete(PARAMS[key]);
  }
  if (f.pair) {
    out.set("pair_a", f.pair[0]);
    out.set("pair_b", f.pair[1]);
  } else {
    out.delete("pair_a");
    out.delete("pair_b");
  }
  return out;
}

export const filterIsEmpty = (f: TDashboardFilter) => !f.dimensions?.length && !f.locales?.length && !f.categories?.length && !f.modalities?.length;
