// Which grading items a study definition yields from a prompt set, and why prompts were left out.
import type { StudyType } from "./scales";

export type Modality = "TEXT" | "IMAGE";

export interface PromptWithResponses {
  id: string;
  localeCode: string;
  category: string;
  modality: Modality;
  responses: { id: string; modelId: string }[];
}

export interface StudyModels {
  type: StudyType;
  /** SIDE_BY_SIDE: [candidate, baseline]; SINGLE_SIDED: every scored model. */
  modelIds: string[];
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

export function planStudyItems(prompts: PromptWithResponses[], models: StudyModels, filters: PromptFilters): ItemPlan {
  const items: PlannedItem[] = [];
  let filteredOut = 0;
  let missingResponses = 0;
  for (const p of prompts) {
    if (!passes(filters.locales, p.localeCode) || !passes(filters.categories, p.category) || !passes(filters.modalities, p.modality)) {
      filteredOut++;
      continue;
    }
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
