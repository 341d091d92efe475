import { describe, expect, it } from "vitest";
import { canEnter, HOME_PATH, navFor, ROLES } from "./roles";

describe("role table", () => {
  it("lets graders grade and nothing else", () => {
    expect(canEnter("GRADER", "grading")).toBe(true);
    expect(canEnter("GRADER", "research")).toBe(false);
    expect(canEnter("GRADER", "admin")).toBe(false);
  });

  it("gives researchers research only, admins research and administration", () => {
    expect([canEnter("RESEARCHER", "research"), canEnter("RESEARCHER", "admin"), canEnter("RESEARCHER", "grading")]).toEqual([true, false, false]);
    expect([canEnter("ADMIN", "research"), canEnter("ADMIN", "admin"), canEnter("ADMIN", "grading")]).toEqual([true, true, false]);
  });

  it("shows each role only links it may follow, including its home page", () => {
    for (const role of ROLES) {
      const links = navFor(role);
      expect(links.every((l) => canEnter(role, l.area))).toBe(true);
      expect(links.map((l) => l.href)).toContain(HOME_PATH[role]);
    }
    expect(navFor("GRADER").map((l) => l.href)).toEqual(["/queue", "/tokens", "/profile"]);
    expect(ROLES.every((r) => canEnter(r, "account"))).toBe(true);
  });
});
