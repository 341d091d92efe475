import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy } from "../../seed/factories";
import { createDb } from "../db/client";
import { callerFor } from "../test/caller";
import { makeGrader, smallLandscape } from "../test/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";

describe.each(await testEngines())("grading engine on %s", (engine) => {
  let t: TestDatabase;
  let l: Awaited<ReturnType<typeof smallLandscape>>;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    l = await smallLandscape(t.db, { promptsPerLocale: 3, image: true });
  });
  afterAll(async () => t.drop());

  async function study(opts: { redundancy?: number; locales?: string[]; status?: "RUNNING" | "PAUSED" } = {}) {
    return makeStudy(t.db, {
      type: "SIDE_BY_SIDE", modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id, redundancy: opts.redundancy ?? 2,
      dimensionKeys: ["overall", "truthfulness", "image_understanding"], filters: { locales: opts.locales },
    }, { createdById: l.researcher.id, status: opts.status ?? "RUNNING" });
  }
  const answers = (task: { dimensions: { key: string }[] }, value: number) => Object.fromEntries(task.dimensions.map((d) => [d.key, value]));

  it("hands out a blind task and gives the same live lease back on return", async () => {
    const s = await study();
    const grader = await makeGrader(t.db, ["en-US"]);
    const api = callerFor(t.db, grader);
    const task = (await api.grading.next({ studyId: s.id }))!;
    expect(task.responses.map((r) => r.label)).toEqual(["Response 1", "Response 2"]);
    const payload = JSON.stringify(task);
    const { item } = await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId }, select: { item: true } });
    const queue = JSON.stringify(await api.grading.queue());
    // Nor the study's internal name (researchers' names often name the models), in the task or the queue.
    for (const secret of [l.candidate.name, l.baseline.name, l.candidate.id, l.baseline.id, item.responseId, item.baselineResponseId!, "andidate", "aseline", "model", s.name]) {
      expect(payload.includes(secret), `payload leaks ${secret}`).toBe(false);
      expect(queue.includes(secret), `queue leaks ${secret}`).toBe(false);
    }
    expect(task.study.title).toBe("Compare two responses");
    expect(task.prompt.locale).toBe("en-US");
    expect((await api.grading.next({ studyId: s.id }))!.assignmentId).toBe(task.assignmentId);
  });

  it("shows image understanding only on image prompts", async () => {
    const s = await study({ redundancy: 1 });
    const grader = await makeGrader(t.db, ["en-US"]);
    const api = callerFor(t.db, grader);
    const seen = new Map<string, string[]>();
    for (let task = await api.grading.next({ studyId: s.id }); task; task = await api.grading.next({ studyId: s.id })) {
      seen.set(task.prompt.modality, task.dimensions.map((d) => d.key));
      await api.grading.submit({ assignmentId: task.assignmentId, values: answers(task, 1) });
    }
    expect(seen.get("IMAGE")).toEqual(["overall", "truthfulness", "image_understanding"]);
    expect(seen.get("TEXT")).toEqual(["overall", "truthfulness"]);
  });

  it("stores one row per dimension, relative to the candidate, and a double submit stores nothing more", async () => {
    const s = await study();
    const api = callerFor(t.db, await makeGrader(t.db, ["ja-JP"]));
    const task = (await api.grading.next({ studyId: s.id }))!;
    const submission = { assignmentId: task.assignmentId, values: answers(task, 2), timeSpentMs: 41_000, comment: "fine" };
    const [a, b] = await Promise.all([api.grading.submit(submission), api.grading.submit(submission)]);
    expect([a.status, b.status].sort()).toEqual(["already-submitted", "stored"]);
    expect((await api.grading.submit(submission)).status).toBe("already-submitted");
    const rows = await t.db.judgment.findMany({ where: { assignmentId: task.assignmentId } });
    expect(rows).toHaveLength(task.dimensions.length);
    const side = (await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId } })).candidateSide;
    // +2 means "Response 2 better": the candidate's preference is +2 only if it was on the right.
    expect(rows.every((r) => r.preference === (side === "RIGHT" ? 2 : -2) && r.candidateSide === side && r.timeSpentMs === 41_000)).toBe(true);
  });

  it("a grader can neither submit, skip nor see another grader's assignment", async () => {
    const s = await study();
    const owner = callerFor(t.db, await makeGrader(t.db, ["en-US"]));
    const other = callerFor(t.db, await makeGrader(t.db, ["en-US"]));
    const task = (await owner.grading.next({ studyId: s.id }))!;
    await expect(other.grading.submit({ assignmentId: task.assignmentId, values: answers(task, 1) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(other.grading.skip({ assignmentId: task.assignmentId, reason: "not mine" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The other grader's own next task is a different item, never the owner's assignment.
    const theirs = await other.grading.next({ studyId: s.id });
    expect(theirs?.assignmentId).not.toBe(task.assignmentId);
    expect(await t.db.judgment.count({ where: { assignmentId: task.assignmentId } })).toBe(0);
    expect((await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId } })).status).toBe("LEASED");
  });

  it("rejects incomplete answers, naming the dimension, and stores nothing", async () => {
    const s = await study();
    const api = callerFor(t.db, await makeGrader(t.db, ["en-US"]));
    const task = (await api.grading.next({ studyId: s.id }))!;
    await expect(api.grading.submit({ assignmentId: task.assignmentId, values: { overall: 1 } })).rejects.toThrow("values.truthfulness: Choose an answer for Truthfulness.");
    await expect(api.grading.submit({ assignmentId: task.assignmentId, values: answers(task, 9) })).rejects.toThrow(/from -3 to 3/);
    expect(await t.db.judgment.count({ where: { assignmentId: task.assignmentId } })).toBe(0);
  });

  it("never serves an item to a grader of another locale, or to anyone once k live leases exist", async () => {
    const s = await study({ redundancy: 1, locales: ["ja-JP"] });
    await expect(callerFor(t.db, await makeGrader(t.db, ["de-DE"])).grading.next({ studyId: s.id })).rejects.toThrow("This study has no locale of yours.");
    const graders = await Promise.all([1, 2].map(() => makeGrader(t.db, ["ja-JP"])));
    const first = [];
    for (let i = 0; i < 3; i++) {
      first.push((await callerFor(t.db, graders[0]).grading.next({ studyId: s.id }))!);
      await callerFor(t.db, graders[0]).grading.skip({ assignmentId: first[i].assignmentId, reason: "testing" });
    }
    // Skipped items return to the pool for others, and never come back to the grader who skipped.
    expect(await callerFor(t.db, graders[0]).grading.next({ studyId: s.id })).toBeNull();
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push((await callerFor(t.db, graders[1]).grading.next({ studyId: s.id }))!);
    expect(new Set(taken.map((x) => x.assignmentId)).size).toBe(1); // same live lease each time
  });

  it("accepts a late submission nobody else took, and keeps one past k as surplus", async () => {
    const s = await study({ redundancy: 1, locales: ["en-US"] });
    const [slow, quick] = await Promise.all([makeGrader(t.db, ["en-US"]), makeGrader(t.db, ["en-US"])]);
    const later = () => new Date(Date.now() + 25 * 60_000);
    const slowTask = (await callerFor(t.db, slow).grading.next({ studyId: s.id }))!;
    // 25 minutes later the 20-minute lease has expired: its item is back in the pool.
    const leased = await callerFor(t.db, quick, { now: later }).grading.next({ studyId: s.id });
    const itemOf = async (id: string) => (await t.db.assignment.findUniqueOrThrow({ where: { id } })).itemId;
    const quickOnSame = [];
    for (let task = leased; task; task = await callerFor(t.db, quick, { now: later }).grading.next({ studyId: s.id })) {
      if ((await itemOf(task.assignmentId)) === (await itemOf(slowTask.assignmentId))) quickOnSame.push(task);
      await callerFor(t.db, quick, { now: later }).grading.submit({ assignmentId: task.assignmentId, values: answers(task, -1) });
    }
    expect(quickOnSame).toHaveLength(1);
    const outcome = await callerFor(t.db, slow, { now: later }).grading.submit({ assignmentId: slowTask.assignmentId, values: answers(slowTask, 3) });
    expect(outcome).toEqual({ status: "stored", surplus: true });
    const item = await t.db.item.findUniqueOrThrow({ where: { id: await itemOf(slowTask.assignmentId) } });
    expect(item.submittedCount).toBe(1);
    expect(await t.db.judgment.count({ where: { assignmentId: slowTask.assignmentId, surplus: true } })).toBe(slowTask.dimensions.length);
  });

  it("finds open items however many items ahead of them other graders are holding", async () => {
    const many = await smallLandscape(t.db, { promptsPerLocale: 40, locales: ["de-DE"] });
    const s = await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [many.candidate.id, many.baseline.id], promptSetId: many.set.id,
      redundancy: 1, dimensionKeys: ["overall"] }, { status: "RUNNING" });
    const graders = await Promise.all(Array.from({ length: 40 }, () => makeGrader(t.db, ["de-DE"])));
    const leased = new Set<string>();
    for (const g of graders) {
      const task = await callerFor(t.db, g).grading.next({ studyId: s.id });
      expect(task, "every grader gets one of the 40 open items").not.toBeNull();
      leased.add(task!.assignmentId);
    }
    expect(leased.size).toBe(40);
    expect(await callerFor(t.db, await makeGrader(t.db, ["de-DE"])).grading.next({ studyId: s.id })).toBeNull();
  });

  it("stops handing out work the moment a study is paused", async () => {
    const s = await study({ status: "PAUSED" });
    await expect(callerFor(t.db, await makeGrader(t.db, ["en-US"])).grading.next({ studyId: s.id })).rejects.toThrow("This study is paused");
  });

  it("lets researchers see and release live leases", async () => {
    const s = await study();
    const task = (await callerFor(t.db, await makeGrader(t.db, ["en-US"])).grading.next({ studyId: s.id }))!;
    const api = callerFor(t.db, l.researcher);
    expect((await api.grading.liveLeases({ studyId: s.id })).map((x) => x.id)).toEqual([task.assignmentId]);
    await api.grading.release({ assignmentId: task.assignmentId });
    expect(await api.grading.liveLeases({ studyId: s.id })).toEqual([]);
    await expect(api.grading.release({ assignmentId: task.assignmentId })).rejects.toThrow("This lease is already released.");
  });

  it("keeps every invariant with 50 graders working at once, through two app instances", async () => {
    const k = 3;
    const s = await study({ redundancy: k });
    const graders = await Promise.all(Array.from({ length: 50 }, (_, i) => makeGrader(t.db, i % 2 ? ["en-US"] : ["en-US", "ja-JP"])));
    // On PostgreSQL a second client with its own connection pool stands in for a second app
    // instance. SQLite is the single-instance engine: better-sqlite3 waits for a lock synchronously,
    // so two clients in one process would block each other's event loop, not model two instances.
    const secondInstance = engine === "pg" ? createDb(t.target) : t.db;
    let acknowledged = 0;
    await Promise.all(graders.map(async (g, i) => {
      const api = callerFor(i % 2 ? secondInstance : t.db, g);
      for (let task = await api.grading.next({ studyId: s.id }); task; task = await api.grading.next({ studyId: s.id })) {
        const r = await api.grading.submit({ assignmentId: task.assignmentId, values: answers(task, 0) });
        if (r.status === "stored") acknowledged++;
      }
    }));
    const items = await t.db.item.findMany({ where: { studyId: s.id }, include: { assignments: true } });
    expect(items).toHaveLength(6);
    for (const item of items) {
      const accepted = item.assignments.filter((a) => a.status === "SUBMITTED" && !a.surplus).length;
      expect(accepted).toBe(k); // every item finished, none over k
      expect(item.submittedCount).toBe(accepted);
      expect(new Set(item.assignments.map((a) => a.graderId)).size).toBe(item.assignments.length);
    }
    const submitted = await t.db.assignment.count({ where: { studyId: s.id, status: "SUBMITTED" } });
    expect(submitted).toBe(acknowledged);
    const judgments = await t.db.judgment.groupBy({ by: ["assignmentId"], where: { studyId: s.id }, _count: { _all: true } });
    expect(judgments).toHaveLength(acknowledged);
    if (secondInstance !== t.db) await secondInstance.$disconnect();
  });
});
