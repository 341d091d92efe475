import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZSaveTranslations, ZStudyTranslations } from "./schema";
import * as service from "./service";

// Researchers translate what graders read; graders receive the result inside their tasks.
export const translationsRouter = createTRPCRouter({
  forStudy: researcherProcedure.input(ZStudyTranslations).query(({ ctx, input }) => service.studyTranslations(ctx.db, input.studyId)),
  save: researcherProcedure.input(ZSaveTranslations).mutation(({ ctx, input }) => service.saveTranslations(ctx.db, ctx.user.id, input)),
});
