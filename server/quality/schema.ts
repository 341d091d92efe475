import { z } from "zod";

export const ZQualitySettings = z.object({
  studyId: z.string().min(1),
  goldRate: z.number().min(0, "Gold rate must be from 0 to 0.5").max(0.5, "Gold rate must be from 0 to 0.5 (at most half of a grader's tasks)"),
  requireQualification: z.boolean(),
  qualificationPassRate: z.number().min(0.5, "Pass mark must be from 50% to 100%").max(1, "Pass mark must be from 50% to 100%"),
  minTaskSeconds: z.number().int("Minimum time must be whole seconds").min(0).max(3600, "Minimum time must be at most 3600 seconds"),
});
export type TQualitySettings = z.infer<typeof ZQualitySettings>;

export const MAX_CONTROL_FILE_CHARS = 2_000_000;

export const ZImportControlItems = z.object({
  studyId: z.string().min(1),
  fileName: z.string().trim().min(1).max(300),
  content: z.string().max(MAX_CONTROL_FILE_CHARS, `A control-item file may hold at most ${MAX_CONTROL_FILE_CHARS.toLocaleString("en-US")} characters`),
});

export const ZMarkControlItem = z.object({
  studyId: z.string().min(1),
  row: z.record(z.string().max(60), z.string().max(5000)).refine((r) => Object.keys(r).length <= 40, "Too many fields"),
});

export const ZControlItem = z.object({ itemId: z.string().min(1) });

export const ZExcludeGrader = z.object({
  studyId: z.string().min(1),
  graderId: z.string().min(1),
  from: z.coerce.date().optional().nullable(),
  until: z.coerce.date().optional().nullable(),
  reason: z.string().trim().min(3, "Say why (at least 3 characters)").max(500),
}).refine((x) => !x.from || !x.until || x.from < x.until, { message: "The window must end after it starts", path: ["until"] });
export type TExcludeGrader = z.infer<typeof ZExcludeGrader>;

export const ZExclusionId = z.object({ exclusionId: z.string().min(1) });

