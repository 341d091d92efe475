// Cross-site request defence for mutations: a browser always sends Origin on a cross-origin POST,
// so a POST whose Origin is neither this host nor an explicitly allowed origin is refused.
// Requests without Origin (curl, server-side callers) are not browser-forged and pass.
export function isAllowedOrigin(origin: string | null, host: string | null, allowed: readonly string[]): boolean {
  if (!origin) return true;
  if (origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host && parsed.host === host) return true;
  return allowed.some((a) => a.replace(/\/$/, "") === parsed.origin);
}
