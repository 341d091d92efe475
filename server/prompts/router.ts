import { z } from "zod";
import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZPromptQuery } from "./schema";
import * as service from "./service";

export const promptsRouter = createTRPCRouter({
  sets: researcherProcedure.query(({ ctx }) => service.listPromptSets(ctx.db)),
  facets: researcherProcedure.input(z.object({ promptSetId: z.string().min(1) }))
    .query(({ ctx, input }) => service.promptSetFacets(ctx.db, input.promptSetId)),
  list: researcherProcedure.input(ZPromptQuery).query(({ ctx, input }) => service.listPrompts(ctx.db, input)),
});
