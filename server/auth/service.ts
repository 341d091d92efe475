import { TRPCError } from "@trpc/server";
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { localizedError } from "../i18n/localized-error";
import { translate } from "../i18n/translator";
import { lockSeconds, mayCheckPassword, secondsLeft, throttleScopes, type ThrottleScope } from "./domain/login-throttle";
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
  /** The chosen interface language (null or absent: follow the first locale); see userLanguage(). */
  uiLanguage?: string | null;
}

export type SessionState =
  | { status: "ok"; user: SessionUser; expiresAt: Date }
  | { status: "none" | "expired" | "inactive" };

export const LOGIN_MESSAGES = {
  // One message for an unknown e-mail, a wrong password and an account without a password (created
  // by an import): which e-mails exist is not the caller's to learn.
  wrong: translate("en", "errors.loginWrong"),
  inactive: translate("en", "errors.loginInactive"),
  locked: (seconds: number) => translate("en", "errors.loginLocked", { seconds }),
};

export const SESSION_MESSAGES = {
  none: translate("en", "errors.sessionNone"),
  expired: translate("en", "errors.sessionExpired"),
  inactive: translate("en", "errors.sessionInactive"),
};

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export interface LoginRequest {
  now: Date;
  userAgent: string | null;
  sessionHours: number;
  /** The client's address (domain/login-throttle.ts#clientAddress). */
  clientAddress: string;
  /** The browser's known-device cookie, if it sent one. */
  deviceToken: string | null;
}

export async function login(db: Db, input: TLoginInput, req: LoginRequest): Promise<{ token: string; user: SessionUser; expiresAt: Date; deviceToken: string }> {
  const user = await repo.findUserForLogin(db, input.email);
  const deviceHash = req.deviceToken ? sessionIdFromToken(req.deviceToken) : null;
  const known = user && deviceHash ? await repo.isKnownDevice(db, deviceHash, user.id) : false;
  const scopes = throttleScopes({ email: sha256(input.email), address: sha256(req.clientAddress), knownDevice: known ? deviceHash : null });

  // Count this attempt in every scope first; check a password only if every scope allows it.
  let wait = 0;
  let refused = false;
  const counted: { scope: ThrottleScope; failures: number }[] = [];
  for (const scope of scopes) {
    const count = await repo.countAttempt(db, scope.key, req.now);
    if (!count) {
      wait = Math.max(wait, secondsLeft(await repo.lockedUntil(db, scope.key), req.now));
      refused = true;
      continue;
    }
    counted.push({ scope, failures: count.failures });
    if (!mayCheckPassword(count, scope.policy)) {
      wait = Math.max(wait, await lockScope(db, scope, count.failures, req.now));
      refused = true;
    }
  }
  if (refused) throw localizedError("TOO_MANY_REQUESTS", "errors.loginLocked", { seconds: Math.max(1, wait) });

  // The same work whether or not the account exists or has a password.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!ok || !user?.passwordHash) {
    for (const c of counted) wait = Math.max(wait, await lockScope(db, c.scope, c.failures, req.now));
    throw wait > 0 ? localizedError("TOO_MANY_REQUESTS", "errors.loginLocked", { seconds: wait }) : localizedError("UNAUTHORIZED", "errors.loginWrong");
  }
  // Checked after the password so that the message does not reveal which accounts exist.
  if (!user.active) throw localizedError("FORBIDDEN", "errors.loginInactive");

  await repo.resetScopes(db, scopes.map((s) => s.key));
  const deviceToken = req.deviceToken ?? newSessionToken();
  await repo.rememberDevice(db, sessionIdFromToken(deviceToken), user.id, req.now);
  const token = newSessionToken();
  const expiresAt = new Date(req.now.getTime() + req.sessionHours * 3600_000);
  await repo.openSession(db, user.id, sessionIdFromToken(token), expiresAt, req.userAgent, req.now);
  return { token, expiresAt, user: toSessionUser(user), deviceToken };
}

/** Locks the scope as its policy says for attempt number `failures`; returns the lock's seconds (0 for none). */
async function lockScope(db: Db, scope: ThrottleScope, failures: number, now: Date): Promise<number> {
  const seconds = lockSeconds(failures, scope.policy);
  if (seconds > 0) await repo.lock(db, scope.key, new Date(now.getTime() + seconds * 1000), failures);
  return seconds;
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

export function toSessionUser(u: { id: string; email: string; displayName: string; role: Role; uiLanguage: string | null; locales: { localeCode: string }[] }): SessionUser {
  return { id: u.id, email: u.email, displayName: u.displayName, role: u.role, uiLanguage: u.uiLanguage, locales: u.locales.map((l) => l.localeCode) };
}

export async function setLanguage(db: Db, userId: string, language: string | null): Promise<void> {
  await repo.setUiLanguage(db, userId, language);
}
