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
  // For image models (responses that are images). Researchers choose them for such studies; they
  // are not defaults. An edit's prompt carries the source image, so edit faithfulness applies to
  // image prompts only.
  { key: "prompt_alignment", label: "Prompt alignment", appliesToText: true, appliesToImage: true,
    description: "Does the generated image show what the prompt asked for: every object, count, colour, position and style named?" },
  { key: "visual_quality", label: "Visual quality", appliesToText: true, appliesToImage: true,
    description: "Is the image well made: free of artefacts, distortions, garbled text or malformed shapes, and pleasing to look at?" },
  { key: "edit_faithfulness", label: "Edit faithfulness", appliesToText: false, appliesToImage: true,
    description: "Did the edit change what was asked and leave the rest of the source image as it was?" },
];

export const DEFAULT_DIMENSION_KEYS = ["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"];
