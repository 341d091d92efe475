// Property-based: random and boundary input to grading.submit never causes a server error, never
// stores a half submission, and never stores anything for invalid answers.
import { TRPCError } from "@trpc/server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy } from "../../seed/factories";
import { callerFor } from "../test/caller";
import { makeGrader, smallLandscape } from "../test/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";

const KEYS = ["overall", "truthfulness", "image_understanding", "presentation", "__proto__", "constructor", ""];
const value = fc.oneof(fc.integer({ min: -4, max: 4 }), fc.integer(), fc.double(), fc.string({ maxLength: 5 }), fc.constant(null), fc.boolean());
const answers = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), value, { maxKeys: 6 });

describe.each(await testEngines())("grading.submit under random input on %s", (engine) => {
  let t: TestDatabase;
  let studyId: string;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const l = await smallLandscape(t.db, { promptsPerLocale: 40, image: true });
    studyId = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id, redundancy: 3,
      dimensionKeys: ["overall", "truthfulness", "image_understanding"], filters: { locales: ["en-US"] } }, { status: "RUNNING" })).id;
  });
  afterAll(async () => t?.drop());

  it("answers anything with a client error or a stored submission, never a server error or half a submission", async () => {
    const graders = await Promise.all(Array.from({ length: 3 }, () => makeGrader(t.db, ["en-US"])));
    let stored = 0;
    await fc.assert(fc.asyncProperty(
      fc.nat({ max: 2 }), answers, fc.option(fc.string({ maxLength: 30 })), fc.boolean(), fc.boolean(), fc.oneof(fc.integer(), fc.constant(undefined)), fc.boolean(),
      async (who, values, comment, cannotAssess, harmful, timeSpentMs, bogusId) => {
        const api = callerFor(t.db, graders[who]);
        const task = await api.grading.next({ studyId });
        if (!task) return;
        try {
          const r = await api.grading.submit({ assignmentId: bogusId ? `${task.assignmentId}x` : task.assignmentId, values: values as Record<string, number>, comment, cannotAssess, harmful, timeSpentMs });
          if (r.status === "stored") stored++;
        } catch (e) {
          expect(e).toBeInstanceOf(TRPCError);
          expect(["BAD_REQUEST", "NOT_FOUND", "CONFLICT"]).toContain((e as TRPCError).code);
          expect((e as TRPCError).message.length).toBeGreaterThan(0);
        }
      }), { numRuns: 150 });
    // Whatever was accepted is whole: every submitted assignment has a row for each applicable dimension, nothing else has rows.
    const submitted = await t.db.assignment.findMany({ where: { studyId, status: "SUBMITTED" },
      select: { id: true, item: { select: { prompt: { select: { modality: true } } } }, _count: { select: { judgments: true } } } });
    expect(submitted.length).toBe(stored);
    for (const a of submitted) expect(a._count.judgments).toBe(a.item.prompt.modality === "IMAGE" ? 3 : 2);
    expect(await t.db.judgment.count({ where: { studyId, assignment: { status: { not: "SUBMITTED" } } } })).toBe(0);
  });

  it("stores a comment exactly as written, whatever characters it holds", async () => {
    // PostgreSQL's submission sends its writes as SQL text, its values quoted as literals.
    const grader = await makeGrader(t.db, ["en-US"]);
    const api = callerFor(t.db, grader);
    const hostile = fc.constantFrom(`'); DELETE FROM "Judgment"; --`, `a\\'b`, `\\`, `?`, `$1 ?? $2`, `E'x'`, `''`, `"quoted"`, `tab\there`, `😀 日本語 ❤︎`);
    const comments = fc.oneof(hostile, fc.string({ unit: "binary", minLength: 1, maxLength: 40 })).filter((c) => c.trim() === c && c.length > 0 && !c.includes("\u0000"));
    let checked = 0;
    await fc.assert(fc.asyncProperty(comments, async (comment) => {
      const task = await api.grading.next({ studyId });
      if (!task) return;
      checked++;
      expect((await api.grading.submit({ assignmentId: task.assignmentId, values: Object.fromEntries(task.dimensions.map((d, i) => [d.key, i - 1])), comment })).status).toBe("stored");
      const stored = await t.db.judgment.findMany({ where: { assignmentId: task.assignmentId }, select: { comment: true } });
      expect(stored.length).toBeGreaterThan(0);
      for (const j of stored) expect(j.comment).toBe(comment);
    }), { numRuns: 40 });
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("refuses wrongly typed and oversized input with a clear BAD_REQUEST", async () => {
    const api = callerFor(t.db, await makeGrader(t.db, ["en-US"]));
    const call = api.grading.submit as (input: unknown) => Promise<unknown>;
    await fc.assert(fc.asyncProperty(fc.anything({ maxDepth: 2 }), async (input) => {
      await expect(call(input)).rejects.toSatisfy((e: unknown) => e instanceof TRPCError && ["BAD_REQUEST", "NOT_FOUND"].includes(e.code));
    }), { numRuns: 200 });
    await expect(call({ assignmentId: "a", values: {}, comment: "x".repeat(6000) })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("comment") });
  });
});
