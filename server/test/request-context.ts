// A caller whose session is resolved from a cookie token, exactly as an HTTP request's would be.
import { resolveSession } from "../auth/service";
import type { Db } from "../db/client";
import { createCaller } from "../root";

export async function createRequestContextForTest(db: Db, token: string, now: Date, resHeaders: Headers | null = null) {
  const session = await resolveSession(db, token, now);
  const caller = createCaller({ db, session, sessionToken: token, resHeaders, secureCookies: false, userAgent: "vitest", now: () => now, clientAddress: "127.0.0.1", deviceToken: null });
  return { session, caller };
}
