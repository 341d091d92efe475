import { authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";
import { clearedSessionCookie, deviceCookie, sessionCookie } from "./cookie";
import { ZSetLanguage } from "../i18n/schema";
import { ZLoginInput } from "./schema";
import * as service from "./service";
import { env } from "../env";

export const authRouter = createTRPCRouter({
  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const sessionHours = env().VERDICT_SESSION_HOURS;
    const result = await service.login(ctx.db, input, { now: ctx.now(), userAgent: ctx.userAgent, sessionHours, clientAddress: ctx.clientAddress, deviceToken: ctx.deviceToken });
    ctx.resHeaders?.append("Set-Cookie", sessionCookie(result.token, sessionHours * 3600, ctx.secureCookies));
    if (result.deviceToken !== ctx.deviceToken) ctx.resHeaders?.append("Set-Cookie", deviceCookie(result.deviceToken, ctx.secureCookies));
    return { user: result.user };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await service.logout(ctx.db, ctx.sessionToken);
    ctx.resHeaders?.append("Set-Cookie", clearedSessionCookie(ctx.secureCookies));
    return { ok: true };
  }),
  me: authedProcedure.query(({ ctx }) => ctx.user),
  // The user's interface language (null: follow their first locale); takes effect on the next page.
  setLanguage: authedProcedure.input(ZSetLanguage).mutation(async ({ ctx, input }) => {
    await service.setLanguage(ctx.db, ctx.user.id, input.language);
    return { language: input.language };
  }),
});
