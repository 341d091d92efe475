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
