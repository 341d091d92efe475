// What a grader's lease is worth after the world moved on: a completed study, a lease a researcher
// released, a locale an admin removed, a deactivated account. None of these take a submission
// (the grader is told why), nothing moves in the results; a paused study lets graders finish the
// task in hand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy, makeUser } from "../../seed/factories";
import { asSessionUser, callerFor } from "../test/caller";
import { makeGrader, smallLandscape } from "../test/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { REFUSALS } from "./domain/plan-submission";

describe.each(await testEngines())("the study lifecycle and live leases on %s", (engine) => {
  let t: TestDatabase;
  let l: Awaited<ReturnType<typeof smallLandscape>>;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    l = await smallLandscape(t.db, { promptsPerLocale: 3 });
  });
  afterAll(async () => t?.drop());

  const study = () => makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id, redundancy: 2, dimensionKeys: ["overall"] },
    { createdById: l.researcher.id, status: "RUNNING" });
  const researcher = () => callerFor(t.db, l.researcher);
  const judgmentsOf = (assignmentId: string) => t.db.judgment.count({ where: { assignmentId } });

  async function leased(locales = ["en-US", "ja-JP"]) {
    const s = await study();
    const grader = await makeGrader(t.db, locales);
    const task = (await callerFor(t.db, grader).grading.next({ studyId: s.id }))!;
    const submit = (as = grader) => callerFor(t.db, as).grading.submit({ assignmentId: task.assignmentId, values: { overall: 2 } });
    return { s, grader, task, submit };
  }

  it("a completed study takes no submission of an old lease, and its headline does not move", async () => {
    const { s, task, submit } = await leased();
    const before = await researcher().dashboards.headline({ studyId: s.id, filter: {} });
    await researcher().studies.setStatus({ studyId: s.id, status: "COMPLETED" });
    await expect(submit()).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: REFUSALS.completed });
    expect(await judgmentsOf(task.assignmentId)).toBe(0);
    expect(await researcher().dashboards.headline({ studyId: s.id, filter: {} })).toEqual(before);
  });

  it("a released lease cannot be submitted by its grader", async () => {
    const { task, submit } = await leased();
    await researcher().grading.release({ assignmentId: task.assignmentId });
    await expect(submit()).rejects.toMatchObject({ code: "CONFLICT", message: REFUSALS.released });
    expect(await judgmentsOf(task.assignmentId)).toBe(0);
  });

  it("a paused study lets the grader finish the task in hand, and hands out no new one", async () => {
    const { s, grader, submit } = await leased();
    await researcher().studies.setStatus({ studyId: s.id, status: "PAUSED" });
    expect((await submit()).status).toBe("stored");
    await expect(callerFor(t.db, grader).grading.next({ studyId: s.id })).rejects.toThrow("This study is paused");
  });

  it("removing a grader's locale ends their leases in it, and a submission of one is refused", async () => {
    const { grader, task, submit } = await leased(["ja-JP"]);
    const admin = callerFor(t.db, asSessionUser(await makeUser(t.db, { role: "ADMIN" })));
    await makeUser(t.db, { role: "GRADER", locales: ["en-US"] }); // en-US exists as a locale
    await admin.users.update({ id: grader.id, locales: ["en-US"] });
    expect((await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId } })).status).toBe("RELEASED");
    // Even with a session still listing the old locale, the stored lease is gone.
    await expect(submit()).rejects.toMatchObject({ message: REFUSALS.released });
    // And with the lease still live (e.g. an admin's change that released nothing), the locale check refuses it.
    const again = await leased(["ja-JP"]);
    await expect(again.submit({ ...again.grader, locales: ["en-US"] })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: REFUSALS.locale("ja-JP") });
    expect(await judgmentsOf(again.task.assignmentId)).toBe(0);
  });

  it("deactivating a grader ends every live lease of theirs", async () => {
    const { grader, task } = await leased();
    const admin = callerFor(t.db, asSessionUser(await makeUser(t.db, { role: "ADMIN" })));
    await admin.users.update({ id: grader.id, active: false });
    expect((await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId } })).status).toBe("RELEASED");
  });
});
