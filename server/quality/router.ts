import { createTRPCRouter, graderProcedure, researcherProcedure } from "../trpc";
import { ZStudyId } from "../studies/schema";
import { ZControlItem, ZExcludeGrader, ZExclusionId, ZImportControlItems, ZMarkControlItem, ZQualitySettings } from "./schema";
import * as service from "./service";

// Control items, expected answers and exclusions are researchers' business; a grader only ever
// sees their own qualification result, after finishing the set.
export const qualityRouter = createTRPCRouter({
  control: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.qualityControl(ctx.db, input.studyId)),
  updateSettings: researcherProcedure.input(ZQualitySettings).mutation(({ ctx, input }) => service.updateSettings(ctx.db, ctx.user.id, input)),
  importControlItems: researcherProcedure.input(ZImportControlItems).mutation(({ ctx, input }) => service.importControlItems(ctx.db, ctx.user.id, input)),
  markControlItem: researcherProcedure.input(ZMarkControlItem).mutation(({ ctx, input }) => service.markControlItem(ctx.db, ctx.user.id, input)),
  unmarkControlItem: researcherProcedure.input(ZControlItem).mutation(({ ctx, input }) => service.unmarkControlItem(ctx.db, ctx.user.id, input.itemId)),
  exclusions: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.exclusionsOf(ctx.db, input.studyId)),
  exclude: researcherProcedure.input(ZExcludeGrader).mutation(({ ctx, input }) => service.excludeGrader(ctx.db, ctx.user.id, input)),
  undoExclusion: researcherProcedure.input(ZExclusionId).mutation(({ ctx, input }) => service.revokeExclusion(ctx.db, ctx.user.id, input.exclusionId, ctx.now())),
  myQualification: graderProcedure.input(ZStudyId).query(({ ctx, input }) => service.qualificationStatus(ctx.db, ctx.user, input.studyId)),
});
