// Which grading items a study definition yields from a prompt set, and why prompts were left out.
import type { Uniform } from "../../analytics/domain/seeded-random";
import type { Modality } from "./modality";
import type { StudyType } from "./scales";

export type { Modality };

/**
 * How a side-by-side study of more than two models pairs them on each prompt: every pair of
 * models that answered it, or one pair per prompt drawn so that each pair is about equally
 * frequent within every locale and category.
 */
export type Pairing = "all_pairs" | "balanced_random";

export interface PromptWithResponses {
  id: string;
  localeCode: string;
  category: string;
  modality: Modality;
  responses: { id: string; modelId: string }[];
}

export interface StudyModels {
  type: StudyType;
  /** SIDE_BY_SIDE: the models in the order named (a pair's model A is the one named first); SINGLE_SIDED: every scored model. */
  modelIds: string[];
  /** side-by-side with more than two models; `rng` draws the balanced random pairs */
  pairing?: Pairing;
  rng?: Uniform;
}

export interface PromptFilters {
  locales?: string[];
  categories?: string[];
  modalities?: Modality[];
}

export interface PlannedItem {
  promptId: string;
  localeCode: string;
  responseId: string;
  baselineResponseId: string | null;
}

export interface ItemPlan {
  items: PlannedItem[];
  filteredOut: number;
  missingResponses: number;
}

const passes = (values: readonly string[] | undefined, value: string) => !values?.length || values.includes(value);

/** Pairs (as indices into modelIds, first < second) among the models that answered. */
function pairsAnswered(modelIds: string[], byModel: Map<string, string>): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < modelIds.length; i++) {
    for (let j = i + 1; j < modelIds.length; j++) if (byModel.has(modelIds[i]) && byModel.has(modelIds[j])) pairs.push([i, j]);
  }
  return pairs;
}

export function planStudyItems(prompts: PromptWithResponses[], models: StudyModels, filters: PromptFilters): ItemPlan {
  const items: PlannedItem[] = [];
  let filteredOut = 0;
  let missingResponses = 0;
  const kept: PromptWithResponses[] = [];
  for (const p of prompts) {
    if (!passes(filters.locales, p.localeCode) || !passes(filters.categories, p.category) || !passes(filters.modalities, p.modality)) filteredOut++;
    else kept.push(p);
  }
  if (models.type === "SIDE_BY_SIDE" && models.modelIds.length > 2) {
    if (!models.pairing) throw new Error("a side-by-side study of more than two models needs a pairing");
    const plan = pairItems(kept, models.modelIds, models.pairing, models.rng);
    return { items: plan.items, filteredOut, missingResponses: plan.missingResponses };
  }
  for (const p of kept) {
    const byModel = new Map(p.responses.map((r) => [r.modelId, r.id]));
    if (models.type === "SIDE_BY_SIDE") {
      const [candidate, baseline] = models.modelIds;
      const c = byModel.get(candidate);
      const b = byModel.get(baseline);
      if (!c || !b) {
        missingResponses++;
        continue;
      }
      items.push({ promptId: p.id, localeCode: p.localeCode, responseId: c, baselineResponseId: b });
    } else {
      const present = models.modelIds.filter((m) => byModel.has(m));
      if (present.length < models.modelIds.length) missingResponses++;
      for (const m of present) items.push({ promptId: p.id, localeCode: p.localeCode, responseId: byModel.get(m)!, baselineResponseId: null });
    }
  }
  return { items, filteredOut, missingResponses };
}

/**
 * Items of a side-by-side study over N > 2 models. A prompt some models did not answer counts as
 * missing responses and is paired among those that did (left out below two). Balanced random:
 * prompts are visited in a random order and each takes, among its answered pairs, one of those
 * its locale-and-category stratum has used least (ties broken at random), so every pair appears
 * about equally often within each stratum.
 */
function pairItems(prompts: PromptWithResponses[], modelIds: string[], pairing: Pairing, rng?: Uniform): { items: PlannedItem[]; missingResponses: number } {
  const items: PlannedItem[] = [];
  let missingResponses = 0;
  const item = (p: PromptWithResponses, byModel: Map<string, string>, [i, j]: [number, number]): PlannedItem =>
    ({ promptId: p.id, localeCode: p.localeCode, responseId: byModel.get(modelIds[i])!, baselineResponseId: byModel.get(modelIds[j])! });
  const answered = prompts.map((p) => {
    const byModel = new Map(p.responses.map((r) => [r.modelId, r.id]));
    if (modelIds.some((m) => !byModel.has(m))) missingResponses++;
    return { p, byModel, pairs: pairsAnswered(modelIds, byModel) };
  });
  if (pairing === "all_pairs") {
    for (const a of answered) for (const pair of a.pairs) items.push(item(a.p, a.byModel, pair));
    return { items, missingResponses };
  }
  if (!rng) throw new Error("balanced random pairing needs a seeded generator");
  const order = answered.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const used = new Map<string, Map<string, number>>(); // stratum → pair → prompts given it
  const chosen = new Array<PlannedItem | null>(answered.length).fill(null);
  for (const idx of order) {
    const a = answered[idx];
    if (a.pairs.length === 0) continue;
    const stratum = `${a.p.localeCode}\u0000${a.p.category}`;
    const counts = used.get(stratum) ?? used.set(stratum, new Map()).get(stratum)!;
    const count = (pr: [number, number]) => counts.get(`${pr[0]},${pr[1]}`) ?? 0;
    const least = Math.min(...a.pairs.map(count));
    const candidates = a.pairs.filter((pr) => count(pr) === least);
    const pick = candidates[Math.floor(rng() * candidates.length)];
    counts.set(`${pick[0]},${pick[1]}`, least + 1);
    chosen[idx] = item(a.p, a.byModel, pick);
  }
  // Items in prompt order, whatever order the draw visited them in.
  for (const c of chosen) if (c) items.push(c);
  return { items, missingResponses };
}
