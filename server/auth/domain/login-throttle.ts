// Failed-login throttling that an attacker elsewhere cannot turn against a victim.
//
// Every attempt is counted in the database *before* its password is checked, by one atomic
// statement, and whether it may check a password is decided from the count that statement
// returns. So concurrent guesses cannot share one stale count (24 at once used to leave the count
// at 1): at most `free` passwords are ever checked before a lock, and one per lock after that.
//
// Scopes: attempts on an e-mail from one client address, and on that e-mail from anywhere (a
// looser, account-wide limit against guessing spread over many addresses). A browser the user has
// logged in from before (a known device) counts only in its own scope, so a flood of wrong guesses
// from elsewhere never locks the owner out of the devices they use. Scopes are keyed by the e-mail
// as typed, whether or not such an account exists: unknown and existing e-mails behave alike.

export interface ThrottlePolicy {
  /** Attempts that may check a password before the first lock. */
  free: number;
  baseSeconds: number;
  maxSeconds: number;
}

export const PER_CLIENT: ThrottlePolicy = { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 };
export const ACCOUNT_WIDE: ThrottlePolicy = { free: 20, baseSeconds: 30, maxSeconds: 15 * 60 };

export interface ThrottleScope {
  key: string;
  policy: ThrottlePolicy;
}

/** Inputs already hashed by the caller (the keys never hold an e-mail or address in clear). */
export function throttleScopes(h: { email: string; address: string; knownDevice: string | null }): ThrottleScope[] {
  if (h.knownDevice) return [{ key: `device:${h.email}:${h.knownDevice}`, policy: PER_CLIENT }];
  return [{ key: `address:${h.email}:${h.address}`, policy: PER_CLIENT }, { key: `account:${h.email}`, policy: ACCOUNT_WIDE }];
}

/** What the counting statement returned: this attempt's number since the last success, and the attempt that set the last lock. */
export interface AttemptCount {
  failures: number;
  lockedAtFailures: number | null;
}

/** The first `free` attempts may check a password; after a lock has run out, only the attempt right after the one that set it. */
export function mayCheckPassword(c: AttemptCount, policy: ThrottlePolicy): boolean {
  return c.failures <= policy.free || (c.lockedAtFailures !== null && c.failures === c.lockedAtFailures + 1);
}

/** The lock after attempt number `failures` failed or was refused: from the `free`-th, 30 s doubling to 15 min; 0 before. */
export function lockSeconds(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(30, failures - policy.free));
}

/** Seconds the caller must still wait, or 0 when the lock has passed. */
export function secondsLeft(lockedUntil: Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const ms = lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/**
 * The client's address from X-Forwarded-For. With `trustedProxies` proxies in front, the entry the
 * outermost trusted one appended; with none, the last entry (which Next.js fills in from the socket
 * when the client sent none — a client can forge it, which is why the account-wide scope exists).
 */
export function clientAddress(forwardedFor: string | null, trustedProxies: number): string {
  const hops = (forwardedFor ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (!hops.length) return "unknown";
  return hops[Math.max(0, hops.length - Math.max(1, trustedProxies))];
}
