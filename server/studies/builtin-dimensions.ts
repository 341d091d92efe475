// The dimensions every installation has, as in published human evaluations. Researchers add custom ones.
export interface DimensionDefinition {
  key: string;
  label: string;
  description: string;
  appliesToText: boolean;
  appliesToImage: boolean;
}

export const BUILTIN_DIMENSIONS: DimensionDefinition[] = [
  { key: "overall", label: "Overall", appliesToText: true, appliesToImage: true,
    description: "Taking everything into account, which response would you rather receive?" },
  { key: "instruction_following", label: "Instruction following", appliesToText: true, appliesToImage: true,
    description: "Does the response do what the prompt asked, respecting every explicit constraint (format, length, language, tone)?" },
  { key: "truthfulness", label: "Truthfulness", appliesToText: true, appliesToImage: true,
    description: "Are the statements correct and free of fabrication? Penalise confident errors more than hedged ones." },
  { key: "presentation", label: "Presentation", appliesToText: true, appliesToImage: true,
    description: "Is the response well organised, clear and pleasant to read, with formatting that helps rather than distracts?" },
  { key: "image_understanding", label: "Image understanding", appliesToText: false, appliesToImage: true,
    description: "Does the response correctly identify, extract and reason about what the image shows?" },
];

export const DEFAULT_DIMENSION_KEYS = ["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"];
