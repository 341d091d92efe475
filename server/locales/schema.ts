import { z } from "zod";

// BCP 47 language tags as used for grading pools: language, optional script, optional region.
export const ZLocaleCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/, "Use a BCP 47 tag such as en-US, ja-JP or zh-Hant-TW");

export const ZLocaleInput = z.object({
  code: ZLocaleCode,
  name: z.string().trim().min(1, "Name is required").max(80),
  region: z.string().trim().min(1, "Region is required").max(40),
});
export type TLocaleInput = z.infer<typeof ZLocaleInput>;
