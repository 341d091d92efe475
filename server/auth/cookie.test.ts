import { describe, expect, it } from "vitest";
import { clearedSessionCookie, readCookie, sessionCookie } from "./cookie";

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, path-wide, with a max age", () => {
    const c = sessionCookie("abc", 3600, false);
    expect(c).toBe("verdict_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600");
  });

  it("adds Secure over https and clears with Max-Age=0", () => {
    expect(sessionCookie("abc", 10, true)).toMatch(/; Secure$/);
    expect(clearedSessionCookie(false)).toContain("Max-Age=0");
  });

  it("reads one cookie out of a header", () => {
    expect(readCookie("a=1; verdict_session=tok%2Ben; b=2", "verdict_session")).toBe("tok+en");
    expect(readCookie("a=1", "verdict_session")).toBeNull();
    expect(readCookie(null, "verdict_session")).toBeNull();
  });

  it("reads a malformed value as no cookie instead of throwing (it made every API call a 500)", () => {
    expect(readCookie("verdict_session=%E0%A4%A", "verdict_session")).toBeNull();
    expect(readCookie("other=%E0%A4%A; verdict_session=ok", "verdict_session")).toBe("ok");
  });
});
