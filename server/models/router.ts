import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZModelInput, ZUpdateModel } from "./schema";
import * as service from "./service";

export const modelsRouter = createTRPCRouter({
  list: researcherProcedure.query(({ ctx }) => service.listModels(ctx.db)),
  create: researcherProcedure.input(ZModelInput).mutation(({ ctx, input }) => service.createModel(ctx.db, ctx.user.id, input)),
  update: researcherProcedure.input(ZUpdateModel).mutation(({ ctx, input }) => service.updateModel(ctx.db, ctx.user.id, input)),
});
