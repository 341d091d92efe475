// Only dimensions that apply to a task's modality are shown and required: image understanding on
// image prompts, visual quality on image responses, naturalness on audio responses (modality.ts).
import { dimensionApplies, type DimensionScope, type Modality } from "../../studies/domain/modality";

export interface StudyDimensionView extends DimensionScope {
  key: string;
  label: string;
  description: string;
  scaleMin: number;
  scaleMax: number;
}

export function applicableDimensions<T extends StudyDimensionView>(dims: T[], modality: Modality): T[] {
  return dims.filter((d) => dimensionApplies(d, modality));
}
