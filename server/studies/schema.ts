import { z } from "zod";
import { ZLocaleCode } from "../locales/schema";
import { STUDY_STATUSES } from "./domain/study-status";
import { MODALITIES } from "./domain/modality";

// For pages: what a modality is called and which dimensions a task of it asks (pure, shared with the server).
export { MODALITIES, dimensionApplies, modalityLabel, parseModality, type DimensionScope, type Modality } from "./domain/modality";
import { VERDICT_RULES } from "../analytics/domain/verdict-rule";

export const ZStudyType = z.enum(["SIDE_BY_SIDE", "SINGLE_SIDED"]);
export const ZModality = z.enum(MODALITIES);
export const ZPairing = z.enum(["all_pairs", "balanced_random"]);

export const ZStudyDefinition = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(120),
    // What graders see instead of the name (which often names the models); empty: a neutral title.
    graderTitle: z.string().trim().max(120).default(""),
    type: ZStudyType,
    // SIDE_BY_SIDE: candidate first, then baseline, then any further models (each pair's model A is
    // the one named first). SINGLE_SIDED: one or more scored models.
    modelIds: z.array(z.string().min(1)).min(1, "Choose at least one model").max(24),
    // Side-by-side over more than two models: all pairs per prompt, or one balanced random pair
    // per prompt drawn with `pairingSeed` (chosen and recorded when not given).
    pairing: ZPairing.optional(),
    pairingSeed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
    // Side-by-side: how a prompt's judgments make its verdict (docs/report-format.md). Chosen before
    // grading starts, like the rest of the analysis plan, and recorded with the study.
    verdictRule: z.enum(VERDICT_RULES).default("mean"),
    promptSetId: z.string().min(1, "Choose a prompt set"),
    filters: z
      .object({
        locales: z.array(ZLocaleCode).optional(),
        categories: z.array(z.string().trim().min(1)).optional(),
        modalities: z.array(ZModality).optional(),
      })
      .default({}),
    dimensionKeys: z.array(z.string().min(1)).min(1, "Choose at least one dimension"),
    redundancy: z.number().int().min(1, "At least one judgment per item").max(25),
    leaseMinutes: z.number().int().min(1).max(24 * 60).default(20),
    guidelines: z.string().max(50_000).default(""),
    // Audio studies: rating opens only after every clip of the task was played to its end.
    requireFullListen: z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    if (s.type === "SIDE_BY_SIDE" && s.modelIds.length < 2) {
      ctx.addIssue({ code: "custom", path: ["modelIds"], message: "A side-by-side study compares at least two models" });
    }
    if (s.type === "SIDE_BY_SIDE" && s.modelIds.length > 2 && !s.pairing) {
      ctx.addIssue({ code: "custom", path: ["pairing"], message: "Choose how to pair more than two models: all pairs per prompt, or one balanced random pair per prompt" });
    }
    if (new Set(s.modelIds).size !== s.modelIds.length) {
      ctx.addIssue({ code: "custom", path: ["modelIds"], message: "Each model can appear only once" });
    }
  });
export type TStudyDefinition = z.infer<typeof ZStudyDefinition>;

export const ZStudyId = z.object({ studyId: z.string().min(1) });
export const ZSetStudyStatus = ZStudyId.extend({ status: z.enum(STUDY_STATUSES) });

export const ZDimensionInput = z
  .object({
    key: z.string().trim().regex(/^[a-z][a-z0-9_]{1,39}$/, "Key: lower-case letters, digits and _ (e.g. helpfulness)"),
    label: z.string().trim().min(1).max(60),
    description: z.string().trim().min(1, "Graders need a description").max(2000),
    // Which prompts (by what they carry) and which responses (by what they are) it judges.
    appliesToText: z.boolean().default(true),
    appliesToImage: z.boolean().default(true),
    appliesToAudio: z.boolean().default(true),
    forTextResponses: z.boolean().default(true),
    forImageResponses: z.boolean().default(true),
    forAudioResponses: z.boolean().default(true),
  })
  .refine((d) => d.appliesToText || d.appliesToImage || d.appliesToAudio, { message: "A dimension must apply to text, image or audio prompts", path: ["appliesToText"] })
  .refine((d) => d.forTextResponses || d.forImageResponses || d.forAudioResponses, { message: "A dimension must judge text, image or audio responses", path: ["forTextResponses"] });
export type TDimensionInput = z.infer<typeof ZDimensionInput>;

// For the new-study form: what graders will see of the study, and the check for model names in it.
export { graderFacingTitle, modelNamesIn } from "./domain/grader-title";
