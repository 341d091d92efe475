// After repeated wrong passwords an account is locked for a growing time. The state lives on the
// user row, so every app instance enforces the same lock.
export const FREE_ATTEMPTS = 5;
const BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;

export interface ThrottleState {
  failedLoginCount: number;
  lockedUntil: Date | null;
}

/** Seconds the caller must still wait, or 0 when a login may be attempted now. */
export function secondsLocked(state: ThrottleState, now: Date): number {
  if (!state.lockedUntil) return 0;
  const ms = state.lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** The state after one more wrong password: the 5th failure locks 30 s, each further one doubles it. */
export function afterFailedLogin(state: ThrottleState, now: Date): ThrottleState {
  const failedLoginCount = state.failedLoginCount + 1;
  if (failedLoginCount < FREE_ATTEMPTS) return { failedLoginCount, lockedUntil: null };
  const seconds = Math.min(MAX_LOCK_SECONDS, BASE_LOCK_SECONDS * 2 ** (failedLoginCount - FREE_ATTEMPTS));
  return { failedLoginCount, lockedUntil: new Date(now.getTime() + seconds * 1000) };
}

export const afterSuccessfulLogin = (): ThrottleState => ({ failedLoginCount: 0, lockedUntil: null });
