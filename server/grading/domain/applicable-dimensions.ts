// Only dimensions that apply to a prompt's modality are shown and required (image understanding
// only on image prompts).
export interface StudyDimensionView {
  key: string;
  label: string;
  description: string;
  appliesToText: boolean;
  appliesToImage: boolean;
  scaleMin: number;
  scaleMax: number;
}

export function applicableDimensions<T extends StudyDimensionView>(dims: T[], modality: "TEXT" | "IMAGE"): T[] {
  return dims.filter((d) => (modality === "IMAGE" ? d.appliesToImage : d.appliesToText));
}
