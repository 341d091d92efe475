import { z } from "zod";

export const ZReportRequest = z.object({
  studyId: z.string().min(1),
  resamples: z.number().int().min(1000).max(20_000).default(2000),
  seed: z.number().int().min(0).max(2 ** 31).default(20260101),
});
