// Requests per token are counted in fixed one-minute windows. The count is kept in the token's
// row and advanced by one atomic statement (repo.countRequest), so that every instance sharing the
// database enforces the same limit; this decides from what that statement returned.
export const WINDOW_MS = 60_000;

export function rateDecision(windowStart: Date, count: number, limit: number, now: Date): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  if (count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000)) };
}

/** The secret part of "Authorization: Bearer vd_…", or null when the header is absent or not a Verdict token. */
export function bearerToken(header: string | null): string | null {
  const m = /^\s*Bearer\s+(vd_[A-Za-z0-9_-]{20,200})\s*$/.exec(header ?? "");
  return m ? m[1] : null;
}
