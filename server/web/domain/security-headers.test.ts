import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers";

describe("content security policy", () => {
  it("lets scripts run only with the response's nonce, and nothing frame the page", () => {
    const csp = contentSecurityPolicy("abc123", false);
    const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(script).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("abc123", true)).toContain("upgrade-insecure-requests");
  });
});
