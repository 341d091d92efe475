import { describe, expect, it } from "vitest";
import { bearerToken, rateDecision } from "./rate-window";
import { readScopes, scopesBeyondRole, scopesForRole, storedScopes, tokenAllows } from "./token-scopes";

describe("token scopes", () => {
  it("offers each role only the scopes of the areas it may enter", () => {
    expect(scopesForRole("GRADER")).toEqual(["grade"]);
    expect(scopesForRole("RESEARCHER")).toEqual(["read", "write"]);
    expect(scopesForRole("ADMIN")).toEqual(["read", "write", "admin"]);
    expect(scopesBeyondRole(["read", "grade"], "RESEARCHER")).toEqual(["grade"]);
  });

  it("checks the scope and the user's role now: a lowered role takes the scope away", () => {
    expect(tokenAllows(["read", "write"], "RESEARCHER", "write")).toBe(true);
    expect(tokenAllows(["read"], "RESEARCHER", "write")).toBe(false);
    expect(tokenAllows(["read", "write"], "GRADER", "read")).toBe(false);
    expect(tokenAllows(["admin"], "ADMIN", "admin")).toBe(true);
  });

  it("stores scopes in a fixed order and reads back only known ones", () => {
    expect(storedScopes(["write", "read", "write"])).toBe("read,write");
    expect(readScopes("read,bogus,admin")).toEqual(["read", "admin"]);
  });
});

describe("rate window", () => {
  const start = new Date("2026-12-01T10:00:00Z");
  it("allows up to the limit and then says how long to wait", () => {
    expect(rateDecision(start, 100, 100, new Date("2026-12-01T10:00:30Z"))).toEqual({ allowed: true });
    expect(rateDecision(start, 101, 100, new Date("2026-12-01T10:00:30Z"))).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(rateDecision(start, 101, 100, new Date("2026-12-01T10:00:59.900Z"))).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("reads only well-formed Verdict bearer tokens", () => {
    const t = "vd_abcdefgh_0123456789abcdefghijKLMNOP";
    expect(bearerToken(`Bearer ${t}`)).toBe(t);
    expect(bearerToken(`bearer ${t}`)).toBeNull();
    expect(bearerToken("Basic dXNlcjpwYXNz")).toBeNull();
    expect(bearerToken("Bearer vd_short")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });
});
