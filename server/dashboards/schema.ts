import { z } from "zod";
import { ZLocaleCode } from "../locales/schema";
import { MODALITIES } from "../studies/domain/modality";

/** The filters every dashboard chart applies; the page keeps them in its URL. */
export const ZDashboardFilter = z.object({
  dimensions: z.array(z.string().min(1).max(40)).max(50).optional(),
  locales: z.array(ZLocaleCode).max(200).optional(),
  categories: z.array(z.string().min(1).max(120)).max(200).optional(),
  modalities: z.array(z.enum(MODALITIES)).max(MODALITIES.length).optional(),
  // Side-by-side studies of more than two models show one pair at a time: [model A, model B].
  pair: z.tuple([z.string().min(1).max(120), z.string().min(1).max(120)]).optional(),
});
export type TDashboardFilter = z.infer<typeof ZDashboardFilter>;

export const ZDashboardRequest = z.object({ studyId: z.string().min(1), filter: ZDashboardFilter.default({}) });
export type TDashboardRequest = z.infer<typeof ZDashboardRequest>;
