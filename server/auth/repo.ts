import type { Db } from "../db/client";
import { afterSuccessfulLogin, type ThrottleState } from "./domain/login-throttle";

const sessionUserSelect = {
  id: true, email: true, displayName: true, role: true, active: true,
  locales: { select: { localeCode: true } },
} as const;

export const findUserForLogin = (db: Db, email: string) =>
  db.user.findUnique({
    where: { email },
    select: { ...sessionUserSelect, passwordHash: true, failedLoginCount: true, lockedUntil: true },
  });

export const saveThrottle = (db: Db, userId: string, state: ThrottleState) =>
  db.user.update({ where: { id: userId }, data: state });

export async function openSession(
  db: Db, userId: string, sessionId: string, expiresAt: Date, userAgent: string | null, now: Date,
) {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { ...afterSuccessfulLogin(), lastLoginAt: now } }),
    db.session.create({ data: { id: sessionId, userId, expiresAt, userAgent, createdAt: now, lastSeenAt: now } }),
    // Expired sessions of this user are of no use to anyone: tidy them as we go.
    db.session.deleteMany({ where: { userId, expiresAt: { lt: now } } }),
  ]);
}

export const findSession = (db: Db, sessionId: string) =>
  db.session.findUnique({ where: { id: sessionId }, select: { expiresAt: true, user: { select: sessionUserSelect } } });

export const deleteSession = (db: Db, sessionId: string) => db.session.deleteMany({ where: { id: sessionId } });

export const deleteUserSessions = (db: Db, userId: string) => db.session.deleteMany({ where: { userId } });
