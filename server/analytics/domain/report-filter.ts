// A dashboard's filters: which dimensions, and which prompts by locale, category and modality.
// An empty or missing list means "every value". The report is computed over what passes.
import { pairKey } from "./side-by-side-report";
import type { PromptAttributes } from "./slices";

export interface ReportFilter {
  dimensions?: string[];
  locales?: string[];
  categories?: string[];
  modalities?: PromptAttributes["modality"][];
  /** side-by-side studies of more than two models: one pair, [model A, model B] */
  pair?: [string, string];
}

const allows = <T>(list: T[] | undefined, value: T) => !list || list.length === 0 || list.includes(value);

export function promptPasses(p: PromptAttributes, f: ReportFilter): boolean {
  return allows(f.locales, p.locale) && allows(f.categories, p.category) && allows(f.modalities, p.modality);
}

export const dimensionPasses = (dimension: string, f: ReportFilter): boolean => allows(f.dimensions, dimension);

/** Whether a filter narrows the prompts (by locale, category or modality), not only dimensions or the pair. */
export const narrowsPrompts = (f: ReportFilter): boolean => Boolean(f.locales?.length || f.categories?.length || f.modalities?.length);

/** The prompts a filter keeps, as the same map the report functions take. */
export function filterPrompts(prompts: Map<string, PromptAttributes>, f: ReportFilter): Map<string, PromptAttributes> {
  if (!narrowsPrompts(f)) return prompts;
  return new Map([...prompts].filter(([, p]) => promptPasses(p, f)));
}

/** Whether a unit's prompt and its dimension pass, tested apart (single-sided units read as columns test each once). */
export const unitKeep = (kept: Map<string, PromptAttributes>, f: ReportFilter) =>
  ({ prompt: (promptId: string) => kept.has(promptId), dimension: (dimension: string) => dimensionPasses(dimension, f) });

/** Whether a unit (anything judged on a prompt and dimension, of a pair or of none) passes the filter, given the prompts it kept. */
export function unitPasser(kept: Map<string, PromptAttributes>, f: ReportFilter): (promptId: string, dimension: string, pair?: string) => boolean {
  const keep = unitKeep(kept, f);
  const wanted = f.pair ? pairKey(f.pair[0], f.pair[1]) : null;
  return (promptId, dimension, pair) => keep.prompt(promptId) && keep.dimension(dimension) && (wanted === null || pair === wanted);
}

/** Units that pass the filter, given the prompts it kept. */
export function filterUnits<U extends { promptId: string; dimension: string; pair?: string }>(units: U[], kept: Map<string, PromptAttributes>, f: ReportFilter): U[] {
  const passes = unitPasser(kept, f);
  return units.filter((u) => passes(u.promptId, u.dimension, u.pair));
}
