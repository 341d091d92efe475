import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZPlanRequest } from "./schema";
import * as service from "./service";

// Researchers only: a plan reads a study's verdicts.
export const plannerRouter = createTRPCRouter({
  plan: researcherProcedure.input(ZPlanRequest).query(({ ctx, input }) =>
    service.studyPlan(ctx.db, { id: input.studyId }, { targetHalfWidth: input.targetHalfWidth, difference: input.difference, power: input.power }, input.filter)),
});
