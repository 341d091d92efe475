import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZStudyId } from "../studies/schema";
import { ZDashboardRequest } from "./schema";
import * as service from "./service";

// Researchers only: dashboards name models and graders.
export const dashboardsRouter = createTRPCRouter({
  study: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.dashboardStudy(ctx.db, input.studyId)),
  progress: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.dimensionProgress(ctx.db, input.studyId)),
  headline: researcherProcedure.input(ZDashboardRequest).query(({ ctx, input }) => service.headline(ctx.db, input.studyId, input.filter)),
  report: researcherProcedure.input(ZDashboardRequest).query(({ ctx, input }) => service.filteredReport(ctx.db, input.studyId, input.filter)),
  quality: researcherProcedure.input(ZDashboardRequest).query(({ ctx, input }) => service.quality(ctx.db, input.studyId, input.filter)),
  weightedVerdicts: researcherProcedure.input(ZDashboardRequest).query(({ ctx, input }) => service.weightedVerdicts(ctx.db, input.studyId, input.filter)),
  overTime: researcherProcedure.input(ZDashboardRequest).query(({ ctx, input }) => service.overTime(ctx.db, input.studyId, input.filter)),
});
