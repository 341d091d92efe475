import { createTRPCRouter, graderProcedure, researcherProcedure } from "../trpc";
import { ZStudyId } from "../studies/schema";
import { ZLeaseNext, ZReleaseLease, ZSkipAssignment, ZSubmitAssignment } from "./schema";
import * as service from "./service";

export const gradingRouter = createTRPCRouter({
  queue: graderProcedure.query(({ ctx }) => service.gradingQueue(ctx.db, ctx.user)),
  next: graderProcedure.input(ZLeaseNext).mutation(({ ctx, input }) => service.leaseNext(ctx.db, ctx.user, input.studyId, ctx.now())),
  submit: graderProcedure.input(ZSubmitAssignment).mutation(({ ctx, input }) => service.submitAssignment(ctx.db, ctx.user, input, ctx.now())),
  progress: graderProcedure.input(ZLeaseNext).query(({ ctx, input }) => service.gradingProgress(ctx.db, ctx.user, input.studyId, ctx.now())),
  skip: graderProcedure.input(ZSkipAssignment).mutation(({ ctx, input }) => service.skipAssignment(ctx.db, ctx.user, input.assignmentId, input.reason)),
  liveLeases: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.liveLeases(ctx.db, input.studyId, ctx.now())),
  release: researcherProcedure.input(ZReleaseLease).mutation(({ ctx, input }) => service.releaseLease(ctx.db, ctx.user.id, input.assignmentId)),
});
