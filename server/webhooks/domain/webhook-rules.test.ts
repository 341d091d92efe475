import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttempt, parseThresholds, passedThresholds, webhookUrlProblem } from "./webhook-rules";

describe("webhook rules", () => {
  it("reads thresholds, dropping junk and duplicates", () => {
    expect(parseThresholds("75, 25,abc,25,0,101,100")).toEqual([25, 75, 100]);
  });

  it("reports each threshold once, when progress reaches it", () => {
    expect(passedThresholds([25, 50, 75, 100], 0, 59, 100)).toEqual([25, 50]);
    expect(passedThresholds([25, 50, 75, 100], 50, 59, 100)).toEqual([]);
    expect(passedThresholds([25, 50, 75, 100], 50, 300, 300)).toEqual([75, 100]);
    expect(passedThresholds([25], 0, 0, 0)).toEqual([]);
  });

  it("backs off 1 min, 5 min, 30 min, 2 h, 12 h, then gives up", () => {
    const now = new Date("2026-12-01T00:00:00Z");
    expect([1, 2, 3, 4, 5].map((a) => (nextAttempt(a, now)!.getTime() - now.getTime()) / 60_000)).toEqual([1, 5, 30, 120, 720]);
    expect(nextAttempt(MAX_ATTEMPTS, now)).toBeNull();
  });

  it("accepts http(s) targets and refuses others, credentials and metadata addresses", () => {
    expect(webhookUrlProblem("https://hooks.example.org/verdict")).toBeNull();
    expect(webhookUrlProblem("http://10.0.0.5:8080/ci")).toBeNull();
    expect(webhookUrlProblem("ftp://x.org")).toBe("must be http:// or https://");
    expect(webhookUrlProblem("https://u:p@x.org")).toMatch(/user name or password/);
    expect(webhookUrlProblem("http://169.254.169.254/latest/meta-data")).toBe("points at a cloud metadata address");
    expect(webhookUrlProblem("not a url")).toBe("is not a URL");
  });
});
