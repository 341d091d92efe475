// Whether a request reached Verdict over https (directly, or per X-Forwarded-Proto behind a proxy),
// unless VERDICT_SECURE_COOKIES forces the answer: for Secure cookies, HSTS and the CSP.
import { env } from "../env";

export function requestIsSecure(headers: Headers, url: string): boolean {
  const setting = env().VERDICT_SECURE_COOKIES;
  if (setting !== "auto") return setting === "true";
  const forwarded = headers.get("x-forwarded-proto");
  return (forwarded ?? new URL(url).protocol.replace(":", "")) === "https";
}
