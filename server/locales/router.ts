import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";
import { ZLocaleInput } from "./schema";
import * as service from "./service";

export const localesRouter = createTRPCRouter({
  // Every signed-in role needs the list: graders see their own locales' names, researchers filter by them.
  list: authedProcedure.query(({ ctx }) => service.listLocales(ctx.db)),
  save: adminProcedure.input(ZLocaleInput).mutation(({ ctx, input }) => service.saveLocale(ctx.db, ctx.user.id, input)),
});
