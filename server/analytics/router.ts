import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZReportRequest } from "./schema";
import * as service from "./service";

export const analyticsRouter = createTRPCRouter({
  report: researcherProcedure.input(ZReportRequest)
    .query(({ ctx, input }) => service.studyReport(ctx.db, { id: input.studyId }, { resamples: input.resamples, seed: input.seed }, ctx.now())),
});
