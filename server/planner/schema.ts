import { z } from "zod";
import { ZDashboardFilter } from "../dashboards/schema";

/** The planner's targets: a half-width for the decisive rate's 95% interval, and a power for a difference from 50%. */
export const ZPlanTargets = z.object({
  targetHalfWidth: z.number().gt(0, "The target half-width must be above 0").lt(0.5, "A half-width of 0.5 or more is no target").default(0.03),
  difference: z.number().gt(0, "The difference from 50% must be above 0").lt(0.5, "The difference from 50% must be below 0.5").default(0.05),
  power: z.number().gt(0, "Power must be above 0").lt(1, "Power must be below 1").default(0.8),
});
export type TPlanTargets = z.infer<typeof ZPlanTargets>;

/** A plan for a study in progress, over what the dashboard's filter keeps. */
export const ZPlanRequest = ZPlanTargets.extend({ studyId: z.string().min(1), filter: ZDashboardFilter.default({}) });
export type TPlanRequest = z.infer<typeof ZPlanRequest>;

/** A plan for a study not yet run, from assumed rates. */
export const ZAssumedPlan = ZPlanTargets.extend({
  decisiveRate: z.number().min(0).max(1, "The decisive rate is a share between 0 and 1"),
  tieRate: z.number().min(0).lt(1, "With every prompt a tie nothing can be planned"),
  k: z.number().int().min(1).max(25),
});
export type TAssumedPlan = z.infer<typeof ZAssumedPlan>;

export type { StudyPlan } from "./service";
