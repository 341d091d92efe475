import { ZStudyId } from "../studies/schema";
import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZAddWebhook, ZWebhookId } from "./schema";
import * as service from "./service";

export const webhooksRouter = createTRPCRouter({
  list: researcherProcedure.input(ZStudyId).query(({ ctx, input }) => service.listWebhooks(ctx.db, input.studyId)),
  add: researcherProcedure.input(ZAddWebhook).mutation(({ ctx, input }) => service.addWebhook(ctx.db, ctx.user.id, input)),
  remove: researcherProcedure.input(ZWebhookId).mutation(({ ctx, input }) => service.removeWebhook(ctx.db, ctx.user.id, input.webhookId)),
  test: researcherProcedure.input(ZWebhookId).mutation(async ({ ctx, input }) => { await service.sendTest(ctx.db, input.webhookId, ctx.now()); return { queued: true }; }),
});
