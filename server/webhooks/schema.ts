import { z } from "zod";
import { parseThresholds, webhookUrlProblem } from "./domain/webhook-rules";

export const ZAddWebhook = z.object({
  studyId: z.string().min(1),
  url: z.string().trim().max(2000).superRefine((u, ctx) => { const p = webhookUrlProblem(u); if (p) ctx.addIssue({ code: "custom", message: `The URL ${p}.` }); }),
  thresholds: z.string().trim().max(200).default("25,50,75,100")
    .refine((t) => t === "" || parseThresholds(t).length > 0, "Thresholds: whole percentages from 1 to 100, comma-separated (e.g. 25,50,75,100)"),
});
export type TAddWebhook = z.infer<typeof ZAddWebhook>;

export const ZWebhookId = z.object({ webhookId: z.string().min(1) });
