// The slices every statistic is computed for: all prompts, and one slice per value of each attribute.
import { modalityLabel, type Modality } from "../../studies/domain/modality";

export interface PromptAttributes {
  locale: string;
  region: string;
  category: string;
  modality: Modality;
}

/** Which slices a prompt counts in: every family for the report, only "all" for a headline. */
export type Slicing = (p: PromptAttributes) => string[];

const ALL_ONLY = ["all"];
export const allOnly: Slicing = () => ALL_ONLY;

export function slicesOf(p: PromptAttributes): string[] {
  return ["all", `locale=${p.locale}`, `region=${p.region}`, `category=${p.category}`, `modality=${modalityLabel(p.modality)}`];
}

/** Slices per prompt, computed once per prompt rather than once per prompt and dimension. */
export function sliceLookup(prompts: Map<string, PromptAttributes>, slicing: Slicing = slicesOf): (promptId: string) => string[] {
  // Slice "all" needs no attributes: headlines over units whose prompts were not read (the over-time view).
  if (slicing === allOnly) return () => ALL_ONLY;
  const cache = new Map<string, string[]>();
  return (promptId) => {
    let s = cache.get(promptId);
    if (!s) {
      const attrs = prompts.get(promptId);
      if (!attrs) throw new Error(`judgments reference unknown prompt ${promptId}`);
      s = slicing(attrs);
      cache.set(promptId, s);
    }
    return s;
  };
}

const FAMILY_ORDER = ["all", "locale", "region", "category", "modality"];

/** Report order: all first, then each family in a fixed order, values alphabetically. */
export function compareSlices(a: string, b: string): number {
  const fa = FAMILY_ORDER.indexOf(a.split("=")[0]);
  const fb = FAMILY_ORDER.indexOf(b.split("=")[0]);
  return fa - fb || (a < b ? -1 : a > b ? 1 : 0);
}
