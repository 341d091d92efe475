// tRPC context, error formatting and the procedure builders by role.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { localizedError, messageRefOf } from "./i18n/localized-error";
import { ZodError } from "zod";
import { AREA_ROLES, type Area } from "./auth/domain/roles";
import type { SessionState, SessionUser } from "./auth/service";
import type { Db } from "./db/client";
import { asServiceUnavailable } from "./db/unavailable";

export interface Context {
  db: Db;
  session: SessionState;
  /** The raw session cookie token, for logout. */
  sessionToken: string | null;
  /** Where procedures append Set-Cookie; null for server-side callers. */
  resHeaders: Headers | null;
  secureCookies: boolean;
  userAgent: string | null;
  /** The client's address as the login throttle sees it (auth/domain/login-throttle.ts#clientAddress). */
  clientAddress: string;
  /** The browser's known-device cookie, read only by login. */
  deviceToken: string | null;
  now: () => Date;
}

export const describeZodError = (zod: ZodError): string =>
  zod.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      data: {
        ...shape.data,
        // Stack traces stay on the server.
        stack: undefined,
        fieldErrors: zod ? Object.fromEntries(zod.issues.map((i) => [i.path.join("."), i.message])) : null,
        // A grader-facing message's catalogue key: the browser shows it in the reader's language.
        i18n: messageRefOf(error),
      },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// Input errors say which field is wrong and why, in one sentence, for HTTP and server-side callers alike.
const readableInputErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ZodError) result.error.message = describeZodError(result.error.cause);
  return result;
});

// Database trouble (PostgreSQL restarting, a dropped connection, SQLite busy too long) becomes one
// clear, retryable 503 instead of a driver's message; transactions were rolled back, so nothing
// was half-written.
const databaseTroubleAsUnavailable = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const unavailable = asServiceUnavailable(result.error.cause ?? result.error);
  return unavailable ? { ...result, error: unavailable } : result;
});

export const publicProcedure = t.procedure.use(databaseTroubleAsUnavailable).use(readableInputErrors);

const SESSION_KEYS = { none: "errors.sessionNone", expired: "errors.sessionExpired", inactive: "errors.sessionInactive" } as const;

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.session.status !== "ok") {
    throw localizedError("UNAUTHORIZED", SESSION_KEYS[ctx.session.status]);
  }
  return next({ ctx: { ...ctx, user: ctx.session.user as SessionUser } });
});

function areaProcedure(area: Area) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!AREA_ROLES[area].includes(ctx.user.role)) {
      throw new TRPCError({ code: "FORBIDDEN", message: `This needs the ${AREA_ROLES[area].join(" or ")} role.` });
    }
    return next();
  });
}

export const graderProcedure = areaProcedure("grading");
export const researcherProcedure = areaProcedure("research");
export const adminProcedure = areaProcedure("admin");
