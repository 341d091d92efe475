// The dimensions every installation has, as in published human evaluations. Researchers add custom ones.
import type { DimensionScope } from "./domain/modality";

export interface DimensionDefinition extends DimensionScope {
  key: string;
  label: string;
  description: string;
}

const ANY_PROMPT = { appliesToText: true, appliesToImage: true, appliesToAudio: true };
const ANY_RESPONSE = { forTextResponses: true, forImageResponses: true, forAudioResponses: true };
const ONLY = (kind: "text" | "image" | "audio") =>
  ({ forTextResponses: kind === "text", forImageResponses: kind === "image", forAudioResponses: kind === "audio" });

export const BUILTIN_DIMENSIONS: DimensionDefinition[] = [
  { key: "overall", label: "Overall", ...ANY_PROMPT, ...ANY_RESPONSE,
    description: "Taking everything into account, which response would you rather receive?" },
  { key: "instruction_following", label: "Instruction following", ...ANY_PROMPT, ...ANY_RESPONSE,
    description: "Does the response do what the prompt asked, respecting every explicit constraint (format, length, language, tone)?" },
  // Spoken answers state facts as written ones do; an image's correctness is prompt alignment.
  { key: "truthfulness", label: "Truthfulness", ...ANY_PROMPT, ...ANY_RESPONSE, forImageResponses: false,
    description: "Are the statements correct and free of fabrication? Penalise confident errors more than hedged ones." },
  { key: "presentation", label: "Presentation", ...ANY_PROMPT, ...ONLY("text"),
    description: "Is the response well organised, clear and pleasant to read, with formatting that helps rather than distracts?" },
  { key: "image_understanding", label: "Image understanding", appliesToText: false, appliesToImage: true, appliesToAudio: false, ...ANY_RESPONSE, forImageResponses: false,
    description: "Does the response correctly identify, extract and reason about what the image shows?" },
  // For image models (responses that are images). Researchers choose them for such studies; they
  // are not defaults. An edit's prompt carries the source image, so edit faithfulness applies to
  // image prompts only.
  { key: "prompt_alignment", label: "Prompt alignment", ...ANY_PROMPT, ...ONLY("image"),
    description: "Does the generated image show what the prompt asked for: every object, count, colour, position and style named?" },
  { key: "visual_quality", label: "Visual quality", ...ANY_PROMPT, ...ONLY("image"),
    description: "Is the image well made: free of artefacts, distortions, garbled text or malformed shapes, and pleasing to look at?" },
  { key: "edit_faithfulness", label: "Edit faithfulness", appliesToText: false, appliesToImage: true, appliesToAudio: false, ...ONLY("image"),
    description: "Did the edit change what was asked and leave the rest of the source image as it was?" },
  // For voices (responses that are audio), as expressive voices are graded by human evaluators.
  { key: "naturalness", label: "Naturalness", ...ANY_PROMPT, ...ONLY("audio"),
    description: "Does the voice sound like a person speaking: natural rhythm, breathing and intonation, no robotic or glitchy passages?" },
  { key: "expressiveness", label: "Expressiveness", ...ANY_PROMPT, ...ONLY("audio"),
    description: "Does the delivery carry the emotion, emphasis and style the prompt asked for, and suit what is being said?" },
  { key: "intelligibility", label: "Pronunciation and intelligibility", ...ANY_PROMPT, ...ONLY("audio"),
    description: "Is every word pronounced correctly (names, numbers, foreign words) and easy to understand on first listening?" },
  { key: "audio_quality", label: "Audio quality", ...ANY_PROMPT, ...ONLY("audio"),
    description: "Is the recording clean: no noise, clicks, distortion, clipping, dropouts or sudden changes in volume?" },
];

export const DEFAULT_DIMENSION_KEYS = ["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"];
