import { adminProcedure, createTRPCRouter } from "../trpc";
import { ZCreateUser, ZUpdateUser } from "./schema";
import * as service from "./service";

export const usersRouter = createTRPCRouter({
  list: adminProcedure.query(({ ctx }) => service.listUsers(ctx.db)),
  create: adminProcedure.input(ZCreateUser).mutation(({ ctx, input }) => service.createUser(ctx.db, ctx.user.id, input)),
  update: adminProcedure.input(ZUpdateUser).mutation(({ ctx, input }) => service.updateUser(ctx.db, ctx.user.id, input)),
});
