import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZDimensionInput, ZSetStudyStatus, ZStudyDefinition, ZStudyId } from "./schema";
import * as service from "./service";

export const studiesRouter = createTRPCRouter({
  list: researcherProcedure.query(({ ctx }) => service.listStudies(ctx.db)),
  header: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.getStudyHeader(ctx.db, input.studyId)),
  get: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.getStudy(ctx.db, input.studyId)),
  preview: researcherProcedure.input(ZStudyDefinition).query(({ ctx, input }) => service.previewStudy(ctx.db, input)),
  create: researcherProcedure.input(ZStudyDefinition).mutation(({ ctx, input }) => service.createStudy(ctx.db, ctx.user.id, input)),
  setStatus: researcherProcedure.input(ZSetStudyStatus)
    .mutation(({ ctx, input }) => service.setStudyStatus(ctx.db, ctx.user.id, input.studyId, input.status, ctx.now())),
  dimensions: researcherProcedure.query(({ ctx }) => service.listDimensions(ctx.db)),
  createDimension: researcherProcedure.input(ZDimensionInput)
    .mutation(({ ctx, input }) => service.createDimension(ctx.db, ctx.user.id, input)),
});
