// Judgment has no index on the item or on the grader alone (migration 0024: each cost a
// million-row import about a second). What used them must still find its judgments by an index:
// marking and unmarking control items (by the study and item: the report index), excluding a grader
// and undoing it (through the grader's assignments). On SQLite, whose planner goes by the indexes a
// statement can use, every statement these send is captured from the driver and explained: none of
// the updates may read the whole Judgment table, or the whole study's share of it, to change a few
// judgments. PostgreSQL chooses by cost, and on a test-sized table a walk of everything is rightly
// the cheapest, so there only the results are checked. The exclusion's window, now compared in
// SQL written here, is checked at its edges on either engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeGradedSideBySideStudy, makeUser } from "../../seed/factories";
import { prismaSqliteConnection } from "../db/client";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import * as repo from "./repo";
import { excludeGrader, revokeExclusion, unmarkControlItem } from "./service";

interface Sent { sql: string; values: unknown[] }

/** Every statement Prisma's SQLite adapter prepares while `work` runs, with the values it binds (on PostgreSQL: none). */
async function statementsOf(t: TestDatabase, work: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  if (t.engine !== "sqlite") return (await work(), sent);
  const conn = prismaSqliteConnection(t.db)!;
  const prepare = conn.prepare;
  conn.prepare = function (this: typeof conn, sql: string) {
    const statement = prepare.call(this, sql);
    const s: Sent = { sql, values: [] };
    sent.push(s);
    // The adapter binds each statement's values before it runs it.
    const bind = statement.bind as (...values: unknown[]) => typeof statement;
    statement.bind = function (this: typeof statement, ...values: unknown[]) {
      s.values = values.flat();
      return bind.apply(this, values);
    } as typeof statement.bind;
    return statement;
  } as typeof conn.prepare;
  try {
    await work();
  } finally {
    conn.prepare = prepare;
  }
  return sent;
}

/** SQLite's plan lines for each update of Judgment among `statements`. */
function judgmentUpdatePlans(t: TestDatabase, statements: Sent[]): { sql: string; plan: string[] }[] {
  const conn = prismaSqliteConnection(t.db)!;
  return statements.filter((s) => /^\s*UPDATE\s+(`main`\.)?["`]Judgment["`]/i.test(s.sql))
    .map((s) => ({ sql: s.sql, plan: (conn.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.values) as { detail: string }[]).map((r) => r.detail) }));
}

/** Plan lines that read every judgment (SCAN of the table), or every judgment of the study (an index searched by the study alone). */
const wideReads = (plan: string[]) => plan.filter((l) => /^SCAN (main\.)?Judgment$/.test(l) || /^SEARCH (main\.)?Judgment USING (COVERING )?INDEX \w+ \(studyId=\?\)$/.test(l));

describe.each(await testEngines())("judgments found without an index on the item or the grader (%s)", (engine) => {
  let t: TestDatabase;
  let studyId: string;
  let graderIds: string[];
  let researcherId: string;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    ({ studyId, graderIds } = await makeGradedSideBySideStudy(t.db, { rng: createRng(11), prompts: 12, graders: 4, dimensionKeys: ["overall", "truthfulness"],
      locale: { code: "en-US", name: "English (US)", region: "Americas" }, category: "Writing" }));
    researcherId = (await makeUser(t.db, { role: "RESEARCHER" })).id;
  });
  afterAll(async () => t?.drop());

  it("marks and unmarks a control item's judgments through the report index", async () => {
    const item = (await t.db.judgment.findFirstOrThrow({ where: { studyId }, select: { itemId: true } })).itemId;
    const overall = await t.db.dimension.findUniqueOrThrow({ where: { key: "overall" }, select: { id: true } });
    const sent = await statementsOf(t, () => t.db.$transaction((tx) => repo.markControlItems(tx, studyId, [{ itemId: item, kind: "GOLD", explanation: "Ada is right.",
      expectations: [{ dimensionId: overall.id, verdict: "CANDIDATE", scoreMin: null, scoreMax: null }] }])));
    expect(await t.db.judgment.count({ where: { itemId: item, control: false } })).toBe(0);
    sent.push(...await statementsOf(t, () => unmarkControlItem(t.db, researcherId, item)));
    expect(await t.db.judgment.count({ where: { itemId: item, control: true } })).toBe(0);
    if (engine !== "sqlite") return;
    const updates = judgmentUpdatePlans(t, sent);
    expect(updates).toHaveLength(2);
    expect(updates.filter((p) => wideReads(p.plan).length > 0)).toEqual([]);
  });

  it("excludes a grader's judgments in [from, until) and undoes it through their assignments", async () => {
    const [grader, other] = graderIds;
    const own = await t.db.judgment.findMany({ where: { studyId, graderId: grader }, orderBy: { id: "asc" }, select: { id: true } });
    expect(own.length).toBeGreaterThanOrEqual(4);
    // Submission times one minute apart, so the window's edges fall exactly on judgments.
    const start = Date.UTC(2026, 11, 5, 9, 0, 0, 123);
    const at = (k: number) => new Date(start + k * 60_000);
    for (const [k, j] of own.entries()) await t.db.judgment.update({ where: { id: j.id }, data: { submittedAt: at(k) } });
    const othersBefore = await t.db.judgment.count({ where: { studyId, graderId: other, excludedById: null } });

    let exclusionId = "";
    const sent = await statementsOf(t, async () => {
      exclusionId = (await excludeGrader(t.db, researcherId, { studyId, graderId: grader, from: at(1), until: at(3), reason: "a bad hour" })).id;
    });
    const excluded = await t.db.judgment.findMany({ where: { studyId, graderId: grader }, orderBy: { id: "asc" }, select: { excludedById: true } });
    // From is inclusive and until exclusive: the second and third judgments, not the first or the fourth.
    expect(excluded.map((j) => j.excludedById !== null)).toEqual(own.map((_, k) => k === 1 || k === 2));
    expect(excluded.filter((j) => j.excludedById !== null).every((j) => j.excludedById === exclusionId)).toBe(true);
    expect(await t.db.judgment.count({ where: { studyId, graderId: other, excludedById: null } })).toBe(othersBefore);

    sent.push(...await statementsOf(t, () => revokeExclusion(t.db, researcherId, exclusionId, new Date())));
    expect(await t.db.judgment.count({ where: { studyId, excludedById: { not: null } } })).toBe(0);

    if (engine !== "sqlite") return;
    const updates = judgmentUpdatePlans(t, sent);
    expect(updates.length).toBeGreaterThanOrEqual(3);
    expect(updates.filter((p) => wideReads(p.plan).length > 0)).toEqual([]);
  });
});
