import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import { afterFailedLogin, secondsLocked } from "./domain/login-throttle";
import type { Role } from "./domain/roles";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./password";
import * as repo from "./repo";
import type { TLoginInput } from "./schema";
import { newSessionToken, sessionIdFromToken } from "./session-token";

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  locales: string[];
}

export type SessionState =
  | { status: "ok"; user: SessionUser; expiresAt: Date }
  | { status: "none" | "expired" | "inactive" };

export const LOGIN_MESSAGES = {
  wrong: "Wrong email or password.",
  inactive: "This account has been deactivated. Ask an administrator to reactivate it.",
  noPassword: "This account cannot log in (it was created by an import).",
  locked: (s: number) => `Too many failed attempts. Try again in ${s} second${s === 1 ? "" : "s"}.`,
};

export const SESSION_MESSAGES = {
  none: "Please log in.",
  expired: "Your session has expired. Please log in again.",
  inactive: "This account has been deactivated. Ask an administrator to reactivate it.",
};

export async function login(
  db: Db, input: TLoginInput, opts: { now: Date; userAgent: string | null; sessionHours: number },
): Promise<{ token: string; user: SessionUser; expiresAt: Date }> {
  const user = await repo.findUserForLogin(db, input.email);
  if (!user) {
    await verifyPassword(input.password, DUMMY_PASSWORD_HASH);
    throw new TRPCError({ code: "UNAUTHORIZED", message: LOGIN_MESSAGES.wrong });
  }
  const wait = secondsLocked(user, opts.now);
  if (wait > 0) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: LOGIN_MESSAGES.locked(wait) });
  if (!user.passwordHash) throw new TRPCError({ code: "UNAUTHORIZED", message: LOGIN_MESSAGES.noPassword });
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const next = afterFailedLogin(user, opts.now);
    await repo.saveThrottle(db, user.id, next);
    const locked = secondsLocked(next, opts.now);
    throw new TRPCError(
      locked > 0
        ? { code: "TOO_MANY_REQUESTS", message: LOGIN_MESSAGES.locked(locked) }
        : { code: "UNAUTHORIZED", message: LOGIN_MESSAGES.wrong },
    );
  }
  // Checked after the password so that the message does not reveal which accounts exist.
  if (!user.active) throw new TRPCError({ code: "FORBIDDEN", message: LOGIN_MESSAGES.inactive });

  const token = newSessionToken();
  const expiresAt = new Date(opts.now.getTime() + opts.sessionHours * 3600_000);
  await repo.openSession(db, user.id, sessionIdFromToken(token), expiresAt, opts.userAgent, opts.now);
  return { token, expiresAt, user: toSessionUser(user) };
}

export async function resolveSession(db: Db, token: string | null, now: Date): Promise<SessionState> {
  if (!token) return { status: "none" };
  const session = await repo.findSession(db, sessionIdFromToken(token));
  if (!session) return { status: "none" };
  if (session.expiresAt <= now) return { status: "expired" };
  if (!session.user.active) return { status: "inactive" };
  return { status: "ok", user: toSessionUser(session.user), expiresAt: session.expiresAt };
}

export async function logout(db: Db, token: string | null): Promise<void> {
  if (token) await repo.deleteSession(db, sessionIdFromToken(token));
}

function toSessionUser(u: { id: string; email: string; displayName: string; role: Role; locales: { localeCode: string }[] }): SessionUser {
  return { id: u.id, email: u.email, displayName: u.displayName, role: u.role, locales: u.locales.map((l) => l.localeCode) };
}
