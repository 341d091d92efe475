import { z } from "zod";
import { ZModality } from "../studies/schema";

export const ZPromptQuery = z.object({
  promptSetId: z.string().min(1),
  locale: z.string().optional(),
  category: z.string().optional(),
  modality: ZModality.optional(),
  page: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type TPromptQuery = z.infer<typeof ZPromptQuery>;
