import { dimensionApplies, type DimensionScope, type Modality } from "@/server/studies/schema";

// Which dimensions a new study asks for, and in what order graders see them. Overall comes first
// by default (graders settle the big question before the details), then the built-in dimensions in
// their usual order, then the rest as chosen; the researcher can reorder. A dimension that applies
// to none of the chosen prompts' modalities (image understanding on a text-only set) is not offered.

const USUAL_ORDER = ["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"];

export function defaultOrder(keys: string[]): string[] {
  const rank = (k: string) => (USUAL_ORDER.includes(k) ? USUAL_ORDER.indexOf(k) : USUAL_ORDER.length);
  return keys.map((k, i) => ({ k, i })).sort((a, b) => rank(a.k) - rank(b.k) || a.i - b.i).map((x) => x.k);
}

export function move(keys: string[], key: string, by: -1 | 1): string[] {
  const i = keys.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= keys.length) return keys;
  const out = [...keys];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

export function appliesToSet(d: DimensionScope, modalities: Modality[]): boolean {
  return modalities.some((m) => dimensionApplies(d, m));
}

/** Where a dimension applies, in a few words ("image responses", "audio responses"); empty when it applies everywhere. */
export function scopeNote(d: DimensionScope): string {
  const kinds = (flags: [boolean, string][]) => (flags.every(([on]) => on) ? null : flags.filter(([on]) => on).map(([, name]) => name).join(" or "));
  const prompts = kinds([[d.appliesToText, "text"], [d.appliesToImage, "image"], [d.appliesToAudio, "audio"]]);
  const responses = kinds([[d.forTextResponses, "text"], [d.forImageResponses, "image"], [d.forAudioResponses, "audio"]]);
  return [prompts && `${prompts} prompts`, responses && `${responses} responses`].filter(Boolean).join(", ");
}
