import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";
import { ZCreateToken, ZTokenId } from "./schema";
import * as service from "./service";

// Any logged-in user manages their own tokens; admins also see and revoke everyone's.
export const tokensRouter = createTRPCRouter({
  mine: authedProcedure.query(({ ctx }) => service.myTokens(ctx.db, ctx.user, ctx.now())),
  create: authedProcedure.input(ZCreateToken).mutation(({ ctx, input }) => service.createToken(ctx.db, ctx.user, input, ctx.now())),
  revoke: authedProcedure.input(ZTokenId).mutation(({ ctx, input }) => service.revokeToken(ctx.db, ctx.user, input.tokenId, ctx.now())),
  all: adminProcedure.query(({ ctx }) => service.everyToken(ctx.db, ctx.now())),
});
