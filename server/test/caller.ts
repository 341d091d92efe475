// tRPC callers for integration tests: the real router, context and role checks, no HTTP.
import type { SessionUser } from "../auth/service";
import type { Db } from "../db/client";
import { createCaller } from "../root";

export function callerFor(db: Db, user: SessionUser | null, opts: { now?: () => Date; resHeaders?: Headers; sessionToken?: string; clientAddress?: string; deviceToken?: string | null } = {}) {
  return createCaller({
    db, session: user ? { status: "ok", user, expiresAt: new Date(Date.now() + 3600_000) } : { status: "none" },
    sessionToken: opts.sessionToken ?? null, resHeaders: opts.resHeaders ?? null, secureCookies: false, userAgent: "vitest",
    clientAddress: opts.clientAddress ?? "127.0.0.1", deviceToken: opts.deviceToken ?? null,
    now: opts.now ?? (() => new Date()),
  });
}

export function asSessionUser(u: { id: string; email: string; displayName: string; role: SessionUser["role"] }, locales: string[] = []): SessionUser {
  return { id: u.id, email: u.email, displayName: u.displayName, role: u.role, locales };
}
