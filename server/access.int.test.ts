// Every tRPC procedure, called as anonymous, grader, researcher and admin: only the roles the
// procedure names get past its role check.
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../seed/factories";
import type { Role } from "./auth/domain/roles";
import { appRouter } from "./root";
import { asSessionUser, callerFor } from "./test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "./test/test-database";

type Who = "anonymous" | Role;
const WHO: Who[] = ["anonymous", "GRADER", "RESEARCHER", "ADMIN"];
const RESEARCH: Who[] = ["RESEARCHER", "ADMIN"];

// Who may call each procedure. A procedure missing here fails the completeness test below.
const EXPECTED: Record<string, Who[]> = {
  "health.ping": WHO, "auth.login": WHO, "auth.logout": WHO, "auth.me": ["GRADER", "RESEARCHER", "ADMIN"],
  "users.list": ["ADMIN"], "users.create": ["ADMIN"], "users.update": ["ADMIN"],
  "locales.list": ["GRADER", "RESEARCHER", "ADMIN"], "locales.save": ["ADMIN"],
  "models.list": RESEARCH, "models.create": RESEARCH, "models.update": RESEARCH,
  "prompts.sets": RESEARCH, "prompts.facets": RESEARCH, "prompts.list": RESEARCH,
  "studies.list": RESEARCH, "studies.get": RESEARCH, "studies.header": RESEARCH, "studies.preview": RESEARCH, "studies.create": RESEARCH,
  "studies.setStatus": RESEARCH, "studies.dimensions": RESEARCH, "studies.createDimension": RESEARCH,
  "grading.queue": ["GRADER"], "grading.next": ["GRADER"], "grading.submit": ["GRADER"], "grading.skip": ["GRADER"], "grading.progress": ["GRADER"],
  "grading.liveLeases": RESEARCH, "analytics.report": RESEARCH, "grading.release": RESEARCH,
  "dashboards.study": RESEARCH, "dashboards.progress": RESEARCH, "dashboards.headline": RESEARCH, "dashboards.report": RESEARCH,
  "dashboards.quality": RESEARCH, "dashboards.weightedVerdicts": RESEARCH, "dashboards.overTime": RESEARCH, "leaderboard.studies": RESEARCH, "leaderboard.ratings": RESEARCH, "planner.plan": RESEARCH,
  "quality.control": RESEARCH, "quality.updateSettings": RESEARCH, "quality.importControlItems": RESEARCH, "quality.markControlItem": RESEARCH,
  "quality.unmarkControlItem": RESEARCH, "quality.exclusions": RESEARCH, "quality.exclude": RESEARCH, "quality.undoExclusion": RESEARCH,
  "quality.myQualification": ["GRADER"],
  "tokens.mine": ["GRADER", "RESEARCHER", "ADMIN"], "tokens.create": ["GRADER", "RESEARCHER", "ADMIN"], "tokens.revoke": ["GRADER", "RESEARCHER", "ADMIN"],
  "tokens.all": ["ADMIN"],
  "webhooks.list": RESEARCH, "webhooks.add": RESEARCH, "webhooks.remove": RESEARCH, "webhooks.test": RESEARCH,
  "translations.forStudy": RESEARCH, "translations.save": RESEARCH, "auth.setLanguage": ["GRADER", "RESEARCHER", "ADMIN"],
};

const procedures = Object.keys(appRouter._def.procedures).sort();

describe("procedure table", () => {
  it("lists every procedure of the router", () => {
    expect(procedures).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe.each(await testEngines())("role checks on %s", (engine) => {
  let t: TestDatabase;
  const callers = {} as Record<Who, ReturnType<typeof callerFor>>;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    callers.anonymous = callerFor(t.db, null);
    for (const role of ["GRADER", "RESEARCHER", "ADMIN"] as const) callers[role] = callerFor(t.db, asSessionUser(await makeUser(t.db, { role }), ["en-US"]));
  });
  afterAll(async () => t.drop());

  async function call(who: Who, name: string): Promise<string> {
    const [router, proc] = name.split(".");
    // Deliberately invalid input: a procedure that gets past its role check fails on input or
    // lookup instead, which is all this test needs to tell the two apart.
    const fn = (callers[who] as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[router][proc];
    try {
      await fn({ studyId: "nope", id: "nope", assignmentId: "nope", promptSetId: "nope", email: "x", password: "" });
      return "ok";
    } catch (e) {
      return e instanceof TRPCError ? e.code : `crash: ${(e as Error).message}`;
    }
  }

  it.each(procedures)("%s lets in only the roles it names", async (name) => {
    for (const who of WHO) {
      const outcome = await call(who, name);
      const allowed = EXPECTED[name].includes(who);
      if (allowed) expect(["UNAUTHORIZED", "FORBIDDEN"].includes(outcome) && name !== "auth.login", `${who} should reach ${name}, got ${outcome}`).toBe(false);
      else expect(outcome, `${who} must not reach ${name}`).toBe(who === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN");
      expect(outcome.startsWith("crash"), `${name} as ${who}: ${outcome}`).toBe(false);
    }
  });
});
