// TaskTally is kept by database triggers (migration 0017_task_tallies). Whatever path writes or
// changes judgments — the simulated grading of the factories, a correction, flags, surplus, an
// exclusion, a judgment on a control item, a deletion, a judgment import — each task's row must
// equal its current judgments summed afresh here in TypeScript (agreement counted pair by pair),
// and the grader-quality section read from the tallies must equal the same section read from the
// judgments, on every engine under test.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { readMigrationFiles } from "../db/migrate";
import { importJudgments } from "../imports/import-judgments";
import { excludeGrader } from "../quality/service";
import { agrees } from "../quality/domain/peer-agreement";
import { MIGRATIONS_ROOT, createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import * as dashboards from "./service";

const LOCALES = [["en-US", "Americas"], ["ja-JP", "Asia-Pacific"]] as const;

interface Row { id: number; studyId: string; itemId: string; assignmentId: string; graderId: string; dimensionId: string; superseded: boolean; control: boolean;
  preference: number | null; score: number | null; candidateSide: string | null; cannotAssess: boolean; harmful: boolean; timeSpentMs: number | null; submittedAt: Date }

/** The reference: every task's current judgments summed one by one, each peer-eligible judgment compared with every other on its unit. */
function expectedTallies(rows: Row[]) {
  const current = rows.filter((j) => !j.superseded);
  const value = (j: Row) => j.preference ?? j.score;
  const peer = (j: Row) => !j.control && value(j) !== null;
  const byUnit = new Map<string, Row[]>();
  for (const j of current.filter(peer)) (byUnit.get(`${j.itemId}|${j.dimensionId}`) ?? byUnit.set(`${j.itemId}|${j.dimensionId}`, []).get(`${j.itemId}|${j.dimensionId}`)!).push(j);
  const byTask = new Map<string, Row[]>();
  for (const j of current) (byTask.get(j.assignmentId) ?? byTask.set(j.assignmentId, []).get(j.assignmentId)!).push(j);
  const latest = (ds: Date[]) => (ds.length ? new Date(Math.max(...ds.map((d) => d.getTime()))) : null);
  return [...byTask.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([assignmentId, js]) => {
    const values = js.map(value).filter((v): v is number => v !== null);
    const flagged = js.filter((j) => j.cannotAssess || j.harmful);
    let agreePairs = 0, agreeing = 0;
    for (const j of js.filter(peer)) {
      for (const o of byUnit.get(`${j.itemId}|${j.dimensionId}`)!) {
        if (o.id === j.id) continue;
        agreePairs++;
        if (agrees(j.preference !== null ? "SIDE_BY_SIDE" : "SINGLE_SIDED", value(j)!, value(o)!)) agreeing++;
      }
    }
    const times = js.map((j) => j.timeSpentMs).filter((t): t is number => t !== null);
    return {
      assignmentId, studyId: js[0].studyId, itemId: js[0].itemId, graderId: js[0].graderId, judgments: js.length,
      withPreference: js.filter((j) => j.preference !== null).length, ties: js.filter((j) => j.preference === 0).length,
      leftWins: js.filter((j) => (j.preference! > 0 && j.candidateSide === "LEFT") || (j.preference! < 0 && j.candidateSide === "RIGHT")).length,
      sidedNonTies: js.filter((j) => j.preference !== null && j.preference !== 0 && j.candidateSide !== null).length,
      flagged: flagged.length ? 1 : 0, flaggedAt: latest(flagged.map((j) => j.submittedAt)), lastSubmittedAt: latest(js.map((j) => j.submittedAt)),
      timeSpentMs: times.length ? Math.max(...times) : null, answered: values.length,
      minValue: values.length ? Math.min(...values) : null, maxValue: values.length ? Math.max(...values) : null, agreePairs, agreeing,
    };
  });
}

describe.each(await testEngines())("task tallies kept by the database on %s", (engine) => {
  let t: TestDatabase;
  let sxs: string;
  let scores: string;
  let graderIds: string[];

  async function expectTaskTallyCurrent() {
    const [rows, stored] = await Promise.all([t.db.judgment.findMany(), t.db.taskTally.findMany({ orderBy: { assignmentId: "asc" } })]);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toEqual(expectedTallies(rows));
  }

  /** The quality section from the tallies equals the same section read from the judgments (a filter naming every dimension reads them). */
  async function expectQualityAlike(studyId: string) {
    const keys = (await t.db.studyDimension.findMany({ where: { studyId }, select: { dimension: { select: { key: true } } } })).map((d) => d.dimension.key);
    const [fromTallies, fromJudgments] = await Promise.all([dashboards.quality(t.db, studyId, {}), dashboards.quality(t.db, studyId, { dimensions: keys })]);
    expect(fromTallies.graders.length).toBeGreaterThan(0);
    expect(fromTallies).toEqual(fromJudgments);
  }

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    for (const [code, region] of LOCALES) await makeLocale(t.db, code, code, region);
    const models = [await makeModel(t.db, { name: "Ada" }), await makeModel(t.db, { name: "Bo" }), await makeModel(t.db, { name: "Cy" })];
    const set = await makePromptSet(t.db);
    for (let p = 0; p < 24; p++) {
      await makePrompt(t.db, { promptSetId: set.id, localeCode: LOCALES[p % 2][0], category: ["Math", "Writing", "Code"][p % 3],
        responses: models.map((m) => ({ modelId: m.id, text: `${m.name} on ${p}` })) });
    }
    const graders = [];
    for (let g = 0; g < 5; g++) graders.push({ id: (await makeUser(t.db, { role: "GRADER", locales: LOCALES.map((l) => l[0]) })).id, locales: LOCALES.map((l) => l[0]) });
    graderIds = graders.map((g) => g.id);
    sxs = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: models.map((m) => m.id), promptSetId: set.id, pairing: "all_pairs",
      dimensionKeys: ["overall", "truthfulness", "presentation"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, sxs, { rng: createRng(7), graders, completion: 0.9, strength: { [models[0].id]: 0.6 } });
    scores = (await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: models.map((m) => m.id), promptSetId: set.id,
      dimensionKeys: ["overall", "truthfulness"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, scores, { rng: createRng(8), graders, completion: 0.8 });
  });
  afterAll(async () => t?.drop());

  it("sums every task graded in bulk, side-by-side and single-sided", async () => {
    await expectTaskTallyCurrent();
    await expectQualityAlike(sxs);
    await expectQualityAlike(scores);
  });

  it("follows a correction, flags, surplus, an exclusion and a changed answer", async () => {
    const [first, second, third, fourth] = await t.db.judgment.findMany({ where: { studyId: sxs, superseded: false }, orderBy: { id: "asc" }, take: 4 });
    await t.db.$transaction([
      t.db.judgment.update({ where: { id: first.id }, data: { superseded: true } }),
      t.db.judgment.create({ data: { studyId: first.studyId, itemId: first.itemId, assignmentId: first.assignmentId, graderId: first.graderId,
        dimensionId: first.dimensionId, revision: first.revision + 1, preference: first.preference === 3 ? -3 : 3, candidateSide: "LEFT", timeSpentMs: 400_000,
        submittedAt: new Date(first.submittedAt.getTime() + 60_000) } }),
    ]);
    await t.db.judgment.update({ where: { id: second.id }, data: { surplus: true } });
    await t.db.judgment.update({ where: { id: third.id }, data: { preference: null, cannotAssess: true, comment: "image did not load" } });
    await t.db.judgment.update({ where: { id: fourth.id }, data: { preference: 0, harmful: true } });
    await excludeGrader(t.db, graderIds[0], { studyId: sxs, graderId: graderIds[2], reason: "careless" });
    await expectTaskTallyCurrent();
    await expectQualityAlike(sxs);
    const score = await t.db.judgment.findFirstOrThrow({ where: { studyId: scores, superseded: false }, orderBy: { id: "desc" } });
    await t.db.judgment.update({ where: { id: score.id }, data: { score: score.score === 5 ? 1 : 5 } });
    await expectTaskTallyCurrent();
    await expectQualityAlike(scores);
  });

  it("leaves a control item's judgment out of agreement, and others' tasks with it", async () => {
    const j = await t.db.judgment.findFirstOrThrow({ where: { studyId: sxs, superseded: false, preference: { not: null } }, orderBy: { id: "desc" } });
    await t.db.judgment.update({ where: { id: j.id }, data: { control: true } });
    await expectTaskTallyCurrent();
    await t.db.judgment.update({ where: { id: j.id }, data: { control: false } });
    await expectTaskTallyCurrent();
  });

  it("drops a task whose judgments are deleted, and recounts its peers", async () => {
    const task = await t.db.taskTally.findFirstOrThrow({ where: { studyId: sxs, agreePairs: { gt: 0 } }, orderBy: { assignmentId: "asc" } });
    await t.db.judgment.deleteMany({ where: { assignmentId: task.assignmentId } });
    expect(await t.db.taskTally.count({ where: { assignmentId: task.assignmentId } })).toBe(0);
    await expectTaskTallyCurrent();
  });

  it("sums an imported file's tasks, and grading after the import", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-task-tally-"));
    const lines = ["study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score"];
    for (let p = 0; p < 12; p++) for (let g = 0; g < 3; g++) for (const d of ["overall", "truthfulness"]) lines.push(`Imported,side_by_side,q${p},en-US,Math,text,imp${g},${d},Ada,Bo,${((p * 3 + g) % 7) - 3},,`);
    for (let p = 0; p < 8; p++) for (let g = 0; g < 2; g++) lines.push(`Imported scores,single_sided,s${p},ja-JP,Code,text,imp${g},overall,,,,Cy,${1 + ((p + g) % 5)}`);
    const file = path.join(dir, "judgments.csv");
    writeFileSync(file, `${lines.join("\n")}\n`);
    await importJudgments(t.db, file);
    await expectTaskTallyCurrent();
    // More graders on the same prompts: the recount covers the tasks that already held judgments.
    const more = [lines[0], ...Array.from({ length: 12 }, (_, p) => `Imported,side_by_side,q${p},en-US,Math,text,late${p % 2},overall,Bo,Ada,${(p % 5) - 2},,`)];
    writeFileSync(file, `${more.join("\n")}\n`);
    await importJudgments(t.db, file);
    await expectTaskTallyCurrent();
    const imported = (await t.db.study.findFirstOrThrow({ where: { name: "Imported" } })).id;
    await expectQualityAlike(imported);
    // The deferral ended with the import: a change afterwards is counted by the triggers again.
    const late = await t.db.judgment.findFirstOrThrow({ where: { studyId: imported, grader: { displayName: "late0" } } });
    await t.db.judgment.update({ where: { id: late.id }, data: { preference: late.preference === 3 ? -3 : 3 } });
    await expectTaskTallyCurrent();
  });

  it.runIf(engine === "pg")("counts two graders judging one item in concurrent transactions with each other", async () => {
    const item = await t.db.item.findFirstOrThrow({ where: { studyId: sxs, control: "NONE" }, orderBy: { id: "asc" } });
    const dimension = (await t.db.studyDimension.findFirstOrThrow({ where: { studyId: sxs } })).dimensionId;
    const tasks = [];
    for (let g = 0; g < 2; g++) {
      const grader = await makeUser(t.db, { role: "GRADER", locales: ["en-US"] });
      tasks.push({ grader: grader.id, assignment: (await t.db.assignment.create({ data: { studyId: sxs, itemId: item.id, graderId: grader.id, status: "LEASED",
        expiresAt: new Date(Date.now() + 60_000) } })).id });
    }
    const [first, second] = await Promise.all(tasks.map(async () => { const c = new pg.Client({ connectionString: t.target.url }); await c.connect(); return c; }));
    const insert = (c: pg.Client, task: { grader: string; assignment: string }) => c.query(`INSERT INTO "Judgment" ("studyId", "itemId", "assignmentId", "graderId", "dimensionId", "preference", "submittedAt")
      VALUES ($1, $2, $3, $4, $5, 2, NOW())`, [sxs, item.id, task.assignment, task.grader, dimension]);
    try {
      await first.query("BEGIN");
      await insert(first, tasks[0]);
      await second.query("BEGIN");
      // The second writer's trigger must wait for the first's transaction (the item's row lock)
      // rather than count its unit without the first's uncommitted judgment.
      let done = false;
      const pending = insert(second, tasks[1]).then(() => { done = true; });
      await expect.poll(async () => done || (await first.query(`SELECT COUNT(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0].n > 0, { timeout: 10_000 }).toBe(true);
      await first.query("COMMIT");
      await pending;
      await second.query("COMMIT");
    } finally {
      await first.end();
      await second.end();
    }
    const mine = await t.db.taskTally.findMany({ where: { assignmentId: { in: tasks.map((x) => x.assignment) } } });
    expect(mine.every((row) => row.agreeing >= 1)).toBe(true);
    await expectTaskTallyCurrent();
  });

  it.runIf(engine === "pg")("an import waits for a grader's open transaction on its study, and counts the grader's judgment", async () => {
    const study = await t.db.study.findFirstOrThrow({ where: { name: "Imported" } });
    const item = await t.db.item.findFirstOrThrow({ where: { studyId: study.id, prompt: { externalId: "q3" } } });
    const dimension = (await t.db.dimension.findFirstOrThrow({ where: { key: "overall" } })).id;
    const grader = await makeUser(t.db, { role: "GRADER", locales: ["en-US"] });
    const assignment = await t.db.assignment.create({ data: { studyId: study.id, itemId: item.id, graderId: grader.id, status: "LEASED", expiresAt: new Date(Date.now() + 60_000) } });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "verdict-task-tally-")), "judgments.csv");
    writeFileSync(file, "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score\nImported,side_by_side,q3,en-US,Math,text,racer,overall,Ada,Bo,-2,,\n");
    const c = new pg.Client({ connectionString: t.target.url });
    await c.connect();
    try {
      await c.query("BEGIN");
      await c.query(`INSERT INTO "Judgment" ("studyId", "itemId", "assignmentId", "graderId", "dimensionId", "preference", "submittedAt")
        VALUES ($1, $2, $3, $4, $5, -1, NOW())`, [study.id, item.id, assignment.id, grader.id, dimension]);
      // The import runs while the grader's transaction is open; its recount must wait for it.
      let done = false;
      const imported = importJudgments(t.db, file).then(() => { done = true; });
      await expect.poll(async () => done || (await c.query(`SELECT COUNT(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0].n > 0,
        { timeout: 20_000 }).toBe(true);
      await c.query("COMMIT");
      await imported;
    } finally {
      await c.end();
    }
    await expectTaskTallyCurrent();
  });

  it("fills the tallies for judgments stored before the migration (its backfill)", async () => {
    const sql = readMigrationFiles(MIGRATIONS_ROOT, engine).find((m) => m.name === "0017_task_tallies")!.sql;
    const start = sql.indexOf(`INSERT INTO "TaskTally"`);
    const backfill = sql.slice(start, sql.indexOf(";", sql.indexOf(`GROUP BY j."assignmentId"`, start)) + 1);
    expect(backfill).toMatch(/^INSERT INTO "TaskTally"[\s\S]*GROUP BY j."assignmentId"[^;]*;$/);
    await t.db.$executeRawUnsafe(`DELETE FROM "TaskTally"`);
    await t.db.$executeRawUnsafe(backfill);
    await expectTaskTallyCurrent();
  });
});
