import { z } from "zod";

export const ZModelInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(120),
  family: z.string().trim().min(1, "Family is required").max(120),
  generation: z.string().trim().max(60).optional().transform((v) => v || null),
  notes: z.string().trim().max(4000).optional().transform((v) => v || null),
});
export const ZUpdateModel = ZModelInput.extend({ id: z.string().min(1) });
export type TModelInput = z.infer<typeof ZModelInput>;
export type TUpdateModel = z.infer<typeof ZUpdateModel>;
