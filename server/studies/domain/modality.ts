// A task's modality: what its prompt carries (text, images or audio) and what its responses are.
// One value per combination, so that report slices, dashboard filters and exports group by a single
// column. Responses in text keep the prompt's plain name (`text`, `image`, `audio`: the slices
// reports had before responses could be images or audio); other responses add theirs after an
// arrow (`text→image`, `image→image` for edits, `text→audio` for voices).
export const MODALITIES = [
  "TEXT", "IMAGE", "AUDIO",
  "TEXT_TO_IMAGE", "IMAGE_TO_IMAGE", "AUDIO_TO_IMAGE",
  "TEXT_TO_AUDIO", "IMAGE_TO_AUDIO", "AUDIO_TO_AUDIO",
] as const;
export type Modality = (typeof MODALITIES)[number];

export const MEDIA_KINDS = ["TEXT", "IMAGE", "AUDIO"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export function isModality(value: string): value is Modality {
  return (MODALITIES as readonly string[]).includes(value);
}

/** What the prompt carries. */
export function promptKind(m: Modality): MediaKind {
  return m.startsWith("IMAGE") ? "IMAGE" : m.startsWith("AUDIO") ? "AUDIO" : "TEXT";
}

/** What the responses are. */
export function responseKind(m: Modality): MediaKind {
  return m.endsWith("_TO_IMAGE") ? "IMAGE" : m.endsWith("_TO_AUDIO") ? "AUDIO" : "TEXT";
}

export function modalityOf(prompt: MediaKind, response: MediaKind): Modality {
  return response === "TEXT" ? prompt : (`${prompt}_TO_${response}` as Modality);
}

/** The name reports, filters and exports use: `text`, `image`, `text→image`, … */
export function modalityLabel(m: Modality): string {
  const p = promptKind(m).toLowerCase();
  const r = responseKind(m);
  return r === "TEXT" ? p : `${p}→${r.toLowerCase()}`;
}

const BY_LABEL = new Map<string, Modality>(MODALITIES.map((m) => [modalityLabel(m), m]));
const mediaKind = (s: string | undefined): MediaKind | null =>
  s === "text" ? "TEXT" : s === "image" ? "IMAGE" : s === "audio" ? "AUDIO" : null;

/**
 * Reads a modality as files give it: a label (`text→image`, also written `text->image`), with the
 * response's kind optional when it is text (`image→text` is `image`). Null when it is none.
 */
export function parseModality(value: string): Modality | null {
  // A label as written (`text`, `text→image`): an import checks one per row, a million rows at a time.
  const exact = BY_LABEL.get(value);
  if (exact) return exact;
  const parts = value.trim().toLowerCase().split(/\s*(?:→|->)\s*/);
  if (parts.length > 2) return null;
  const p = mediaKind(parts[0]);
  const r = parts.length === 2 ? mediaKind(parts[1]) : "TEXT";
  return p && r ? modalityOf(p, r) : null;
}

export const MODALITY_LABELS = MODALITIES.map(modalityLabel);

/** Which prompts and which responses a dimension judges (its flags as stored). */
export interface DimensionScope {
  appliesToText: boolean;
  appliesToImage: boolean;
  appliesToAudio: boolean;
  forTextResponses: boolean;
  forImageResponses: boolean;
  forAudioResponses: boolean;
}

/**
 * Whether a dimension is asked on a task of this modality: its prompt kind and its response kind
 * must both be among the dimension's (image understanding: image prompts; visual quality: image
 * responses; edit faithfulness: both; naturalness: audio responses).
 */
export function dimensionApplies(d: DimensionScope, m: Modality): boolean {
  const p = promptKind(m);
  const r = responseKind(m);
  const prompt = p === "TEXT" ? d.appliesToText : p === "IMAGE" ? d.appliesToImage : d.appliesToAudio;
  const response = r === "TEXT" ? d.forTextResponses : r === "IMAGE" ? d.forImageResponses : d.forAudioResponses;
  return prompt && response;
}

/** The dimension's scope flags, as a Prisma `select` (every query that decides applicability reads all six). */
export const DIMENSION_SCOPE_FIELDS = {
  appliesToText: true, appliesToImage: true, appliesToAudio: true,
  forTextResponses: true, forImageResponses: true, forAudioResponses: true,
} as const;
