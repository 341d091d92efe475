// Builds the tRPC context from an HTTP request: the database, the session behind the cookie,
// and where to put Set-Cookie.
import { DEVICE_COOKIE, readCookie, SESSION_COOKIE } from "./auth/cookie";
import { clientAddress } from "./auth/domain/login-throttle";
import { resolveSession } from "./auth/service";
import { db } from "./db";
import { asServiceUnavailable } from "./db/unavailable";
import { env } from "./env";
import type { Context } from "./trpc";
import { requestIsSecure } from "./web/request-secure";

export async function createRequestContext(req: Request, resHeaders: Headers): Promise<Context> {
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  const now = new Date();
  let session;
  try {
    session = await resolveSession(db(), token, now);
  } catch (error) {
    // The session lookup is every request's first query: say clearly when the database is away.
    throw asServiceUnavailable(error) ?? error;
  }
  return {
    db: db(), sessionToken: token, resHeaders, secureCookies: requestIsSecure(req.headers, req.url),
    session, userAgent: req.headers.get("user-agent"), now: () => new Date(),
    clientAddress: clientAddress(req.headers.get("x-forwarded-for"), env().VERDICT_TRUSTED_PROXIES),
    deviceToken: readCookie(req.headers.get("cookie"), DEVICE_COOKIE),
  };
}
