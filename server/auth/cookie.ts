// The session cookie: httpOnly (no script can read it), SameSite=Lax (not sent on cross-site
// POSTs), Secure whenever the request came over https.
export const SESSION_COOKIE = "verdict_session";

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      // A value that is not valid percent-encoding cannot be one of our tokens: no session, not a 500.
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  const attrs = [`${SESSION_COOKIE}=${encodeURIComponent(token)}`, "Path=/", "HttpOnly", "SameSite=Lax",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}

export const clearedSessionCookie = (secure: boolean): string => sessionCookie("", 0, secure);

/**
 * The known-device cookie (auth/domain/login-throttle.ts): a random token, set at a successful
 * login and kept for a year, sent only to the API (where login reads it). The database stores its
 * SHA-256; it grants nothing by itself, it only exempts the owner's browsers from the account-wide lock.
 */
export const DEVICE_COOKIE = "verdict_device";

export function deviceCookie(token: string, secure: boolean): string {
  const attrs = [`${DEVICE_COOKIE}=${encodeURIComponent(token)}`, "Path=/api/trpc", "HttpOnly", "SameSite=Lax", `Max-Age=${365 * 24 * 3600}`];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}
