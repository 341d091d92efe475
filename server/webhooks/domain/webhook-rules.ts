// The rules of study webhooks, as pure functions: which progress thresholds a study has newly
// passed, when a failed delivery is tried again, and which URLs are acceptable targets.

/** Waits after the 1st, 2nd, … failed attempt; after the last, the delivery has failed for good. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export function parseThresholds(text: string): number[] {
  return [...new Set(text.split(",").map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n >= 1 && n <= 100))].sort((a, b) => a - b);
}

/** Thresholds passed since the last one notified, given judgments submitted and wanted. */
export function passedThresholds(thresholds: number[], notifiedPercent: number, submitted: number, wanted: number): number[] {
  if (wanted <= 0) return [];
  const percent = (submitted / wanted) * 100;
  return thresholds.filter((t) => t > notifiedPercent && percent >= t);
}

/** When to try again after `attempts` failed attempts, or null when it has failed for good. */
export function nextAttempt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** Why a URL cannot be a webhook target, or null. Cloud metadata addresses are refused outright. */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be http:// or https://";
  if (url.username || url.password) return "must not carry a user name or password (the signature authenticates Verdict)";
  if (/^169\.254\./.test(url.hostname) || url.hostname === "metadata.google.internal" || url.hostname === "[fd00:ec2::254]") return "points at a cloud metadata address";
  return null;
}
