import { createHmac } from "node:crypto";

/** X-Verdict-Signature: HMAC-SHA256 over "<timestamp>.<body>" with the webhook's secret (the timestamp stops replays of old bodies). */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}
