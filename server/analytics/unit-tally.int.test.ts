// UnitTally and HourlyHistogramShift are kept by database triggers (migrations 0016_unit_tallies,
// 0019_hourly_histogram_shifts). Whatever path writes or changes judgments — the simulated grading of the factories, an exclusion and its undoing, a
// correction, surplus, a deletion, a re-imported prompt, a judgment import — the table must equal
// the counted judgments summed afresh (the shifts computed here in TypeScript), on every engine under test.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { nativeRows, toNumber } from "../db/native-read";
import { readMigrationFiles } from "../db/migrate";
import { importJudgments } from "../imports/import-judgments";
import { excludeGrader, revokeExclusion } from "../quality/service";
import { MIGRATIONS_ROOT, createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { COUNTED_JUDGMENT } from "./judgment-sql";

const LOCALES = [["en-US", "Americas"], ["ja-JP", "Asia-Pacific"]] as const;
const COLUMNS = ["itemId", "dimensionId", "studyId", "modelId", "baselineModelId", "localeCode", "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies"];
const NUMERIC = new Set(COLUMNS.slice(8));

// The reference: every counted judgment summed into its unit, written independently of the triggers.
const FRESH = `
  SELECT j."itemId", j."dimensionId", j."studyId", ra."modelId", COALESCE(rb."modelId", ''), p."localeCode", p."category", p."modality",
    ${[0, 1, 2, 3, 4, 5, 6].map((k) => `SUM(CASE WHEN (j."preference" IS NOT NULL AND j."preference" + 3 = ${k}) OR (j."preference" IS NULL AND j."score" - 1 = ${k}) THEN 1 ELSE 0 END)`).join(", ")},
    SUM(CASE WHEN j."candidateSide" = 'LEFT' AND j."preference" > 0 THEN 1 WHEN j."candidateSide" = 'RIGHT' AND j."preference" < 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN j."candidateSide" IS NOT NULL AND j."preference" <> 0 THEN 1 ELSE 0 END)
  FROM "Judgment" j JOIN "Item" i ON i."id" = j."itemId" JOIN "Response" ra ON ra."id" = i."responseId"
    LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId" JOIN "Prompt" p ON p."id" = i."promptId"
  WHERE ${COUNTED_JUDGMENT} AND (j."preference" IS NOT NULL OR j."score" IS NOT NULL)
  GROUP BY j."itemId", j."dimensionId", j."studyId", ra."modelId", rb."modelId", p."localeCode", p."category", p."modality"
  ORDER BY 1, 2`;
const STORED = `SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "UnitTally" ORDER BY 1, 2`;

/**
 * HourlyHistogramShift's reference, computed here from the judgments rather than in SQL: each
 * unit's counted judgments by hour, its histogram after each hour, +1 there and −1 at the one
 * before; rows summing to nothing left out (the table may keep them until a recount).
 */
async function freshShifts(db: TestDatabase["db"]): Promise<string[]> {
  const [judgments, items] = await Promise.all([
    db.judgment.findMany({ where: { superseded: false, surplus: false, control: false, excludedById: null, OR: [{ preference: { not: null } }, { score: { not: null } }] },
      select: { studyId: true, itemId: true, dimensionId: true, preference: true, score: true, submittedAt: true } }),
    db.item.findMany({ select: { id: true, response: { select: { modelId: true } }, baselineResponse: { select: { modelId: true } } } }),
  ]);
  const models = new Map(items.map((i) => [i.id, `${i.response.modelId}|${i.baselineResponse?.modelId ?? ""}`]));
  const units = new Map<string, { hour: number; point: number }[]>();
  for (const j of judgments) {
    const k = `${j.studyId}|${j.itemId}|${j.dimensionId}`;
    const point = j.preference !== null ? j.preference + 3 : j.score! - 1;
    (units.get(k) ?? units.set(k, []).get(k)!).push({ hour: Math.floor(j.submittedAt.getTime() / 3_600_000), point });
  }
  const sums = new Map<string, { units: number; judgments: number }>();
  const add = (key: string, units: number, n: number) => {
    const s = sums.get(key) ?? sums.set(key, { units: 0, judgments: 0 }).get(key)!;
    s.units += units;
    s.judgments += n;
  };
  for (const [k, js] of units) {
    const [studyId, itemId, dimensionId] = k.split("|");
    const histogram = [0, 0, 0, 0, 0, 0, 0];
    const hours = [...new Set(js.map((j) => j.hour))].sort((a, b) => a - b);
    for (const hour of hours) {
      const before = histogram.join("|");
      const inHour = js.filter((j) => j.hour === hour);
      for (const j of inHour) histogram[j.point]++;
      const prefix = `${studyId}|${dimensionId}|${models.get(itemId)}|${hour}`;
      add(`${prefix}|${histogram.join("|")}`, 1, inHour.length);
      if (before !== "0|0|0|0|0|0|0") add(`${prefix}|${before}`, -1, 0);
    }
  }
  return [...sums].filter(([, s]) => s.units !== 0 || s.judgments !== 0).map(([k, s]) => `${k}|${s.units}|${s.judgments}`).sort();
}

const STORED_SHIFTS = `SELECT "studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments"
  FROM "HourlyHistogramShift" WHERE "units" <> 0 OR "judgments" <> 0`;

const normalised = (rows: unknown[][]) => rows.map((r) => r.map((v, i) => (NUMERIC.has(COLUMNS[i]) ? toNumber(v) : String(v))));

describe.each(await testEngines())("unit tallies kept by the database on %s", (engine) => {
  let t: TestDatabase;
  let sxs: string;
  let graderIds: string[];
  let promptIds: string[];

  async function expectTallyCurrent() {
    const [fresh, stored] = await Promise.all([nativeRows(t.db, FRESH, []), nativeRows(t.db, STORED, [])]);
    expect(stored.length).toBeGreaterThan(0);
    expect(normalised(stored)).toEqual(normalised(fresh));
    const [shifts, storedShifts] = await Promise.all([freshShifts(t.db), nativeRows(t.db, STORED_SHIFTS, [])]);
    expect(shifts.length).toBeGreaterThan(0);
    expect(storedShifts.map((r) => r.map((v, i) => (i >= 4 ? toNumber(v) : String(v))).join("|")).sort()).toEqual(shifts);
  }

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    for (const [code, region] of LOCALES) await makeLocale(t.db, code, code, region);
    const models = [await makeModel(t.db, { name: "Ada" }), await makeModel(t.db, { name: "Bo" }), await makeModel(t.db, { name: "Cy" })];
    const set = await makePromptSet(t.db);
    promptIds = [];
    for (let p = 0; p < 30; p++) {
      promptIds.push((await makePrompt(t.db, { promptSetId: set.id, localeCode: LOCALES[p % 2][0], category: ["Math", "Writing", "Code"][p % 3],
        responses: models.map((m) => ({ modelId: m.id, text: `${m.name} on ${p}` })) })).id);
    }
    const graders = [];
    for (let g = 0; g < 5; g++) graders.push({ id: (await makeUser(t.db, { role: "GRADER", locales: LOCALES.map((l) => l[0]) })).id, locales: LOCALES.map((l) => l[0]) });
    graderIds = graders.map((g) => g.id);
    sxs = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: models.map((m) => m.id), promptSetId: set.id, pairing: "all_pairs",
      dimensionKeys: ["overall", "truthfulness"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, sxs, { rng: createRng(5), graders, completion: 0.9, strength: { [models[0].id]: 0.6 } });
    const scores = (await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: models.map((m) => m.id), promptSetId: set.id,
      dimensionKeys: ["overall"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, scores, { rng: createRng(6), graders, completion: 0.8 });
  });
  afterAll(async () => t?.drop());

  it("sums every judgment written in bulk, side-by-side and single-sided", async () => {
    await expectTallyCurrent();
  });

  it("follows an exclusion and its undoing", async () => {
    const { id } = await excludeGrader(t.db, graderIds[0], { studyId: sxs, graderId: graderIds[1], reason: "careless" });
    await expectTallyCurrent();
    await revokeExclusion(t.db, graderIds[0], id, new Date());
    await expectTallyCurrent();
  });

  it("follows a correction, surplus and a changed answer", async () => {
    const [first, second, third] = await t.db.judgment.findMany({ where: { studyId: sxs, superseded: false }, orderBy: { id: "asc" }, take: 3 });
    // A correction: the first answer superseded, a new revision with another preference and side.
    await t.db.$transaction([
      t.db.judgment.update({ where: { id: first.id }, data: { superseded: true } }),
      t.db.judgment.create({ data: { studyId: first.studyId, itemId: first.itemId, assignmentId: first.assignmentId, graderId: first.graderId,
        dimensionId: first.dimensionId, revision: first.revision + 1, preference: first.preference === 3 ? -3 : 3, candidateSide: "LEFT" } }),
    ]);
    await t.db.judgment.update({ where: { id: second.id }, data: { surplus: true } });
    await t.db.judgment.update({ where: { id: third.id }, data: { preference: 0, cannotAssess: false } });
    await expectTallyCurrent();
    await t.db.judgment.update({ where: { id: second.id }, data: { surplus: false } });
    await expectTallyCurrent();
  });

  it("moves units when a re-import changes a prompt's locale or category", async () => {
    await t.db.prompt.update({ where: { id: promptIds[0] }, data: { category: "Travel", localeCode: "ja-JP" } });
    await t.db.prompt.update({ where: { id: promptIds[1] }, data: { modality: "IMAGE" } });
    await expectTallyCurrent();
  });

  it("drops a unit whose last counted judgment is deleted", async () => {
    const unit = (await nativeRows(t.db, `SELECT "itemId", "dimensionId" FROM "UnitTally" WHERE "studyId" = ? ORDER BY 1, 2`, [sxs]))[0];
    await t.db.judgment.deleteMany({ where: { itemId: String(unit[0]), dimensionId: String(unit[1]) } });
    const left = await nativeRows(t.db, `SELECT COUNT(*) FROM "UnitTally" WHERE "itemId" = ? AND "dimensionId" = ?`, [unit[0], unit[1]]);
    expect(toNumber(left[0][0])).toBe(0);
    await expectTallyCurrent();
  });

  it("sums an imported file's judgments", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-tally-"));
    const lines = ["study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score"];
    for (let p = 0; p < 20; p++) for (let g = 0; g < 3; g++) lines.push(`Imported,side_by_side,q${p},en-US,Math,text,imp${g},overall,Ada,Bo,${((p * 3 + g) % 7) - 3},,`);
    for (let p = 0; p < 10; p++) for (let g = 0; g < 2; g++) lines.push(`Imported scores,single_sided,s${p},ja-JP,Code,text,imp${g},overall,,,,Cy,${1 + ((p + g) % 5)}`);
    const file = path.join(dir, "judgments.csv");
    writeFileSync(file, `${lines.join("\n")}\n`);
    await importJudgments(t.db, file);
    await expectTallyCurrent();
    // More graders on the same prompts: the import recounts units that already held judgments.
    const more = [lines[0], ...Array.from({ length: 20 }, (_, p) => `Imported,side_by_side,q${p},en-US,Math,text,late${p % 2},overall,Bo,Ada,${(p % 5) - 2},,`)];
    writeFileSync(file, `${more.join("\n")}\n`);
    await importJudgments(t.db, file);
    await expectTallyCurrent();
    // The import's deferral ends with it: grading afterwards is counted by the triggers again.
    expect(await t.db.unitTallyDeferred.count()).toBe(0);
    const imported = (await t.db.study.findFirstOrThrow({ where: { name: "Imported" } })).id;
    await t.db.judgment.updateMany({ where: { studyId: imported, graderId: (await t.db.user.findFirstOrThrow({ where: { displayName: "late0" } })).id }, data: { surplus: true } });
    await expectTallyCurrent();
  });

  it("shifts units right when one statement writes or changes several judgments of a unit, hours apart", async () => {
    const item = await t.db.item.findFirstOrThrow({ where: { studyId: sxs, control: "NONE" }, orderBy: { id: "desc" } });
    const dimensionId = (await t.db.studyDimension.findFirstOrThrow({ where: { studyId: sxs } })).dimensionId;
    const hour = 3_600_000;
    const at = Math.floor(Date.now() / hour) * hour - 30 * hour;
    const rows = [];
    for (let g = 0; g < 3; g++) {
      const graderId = (await makeUser(t.db, { role: "GRADER", locales: ["en-US"] })).id;
      const assignment = await t.db.assignment.create({ data: { studyId: sxs, itemId: item.id, graderId, status: "SUBMITTED", expiresAt: new Date(at) } });
      rows.push({ studyId: sxs, itemId: item.id, assignmentId: assignment.id, graderId, dimensionId, preference: g - 1, submittedAt: new Date(at + g * 2 * hour + 60_000) });
    }
    await t.db.judgment.createMany({ data: rows });
    await expectTallyCurrent();
    // One statement moves two of them to other hours, and another excludes two.
    await t.db.judgment.updateMany({ where: { itemId: item.id, dimensionId, preference: { in: [-1, 1] } }, data: { submittedAt: new Date(at + 5 * hour) } });
    await expectTallyCurrent();
    await t.db.judgment.updateMany({ where: { itemId: item.id, dimensionId, preference: { in: [0, 1] } }, data: { surplus: true } });
    await expectTallyCurrent();
  });

  it.runIf(engine === "pg")("shifts a unit right when two graders judge it in concurrent transactions", async () => {
    const item = await t.db.item.findFirstOrThrow({ where: { studyId: sxs, control: "NONE" }, orderBy: { id: "asc" }, skip: 3 });
    const dimensionId = (await t.db.studyDimension.findFirstOrThrow({ where: { studyId: sxs } })).dimensionId;
    const tasks = [];
    for (let g = 0; g < 2; g++) {
      const grader = await makeUser(t.db, { role: "GRADER", locales: ["en-US"] });
      tasks.push({ grader: grader.id, assignment: (await t.db.assignment.create({ data: { studyId: sxs, itemId: item.id, graderId: grader.id, status: "LEASED",
        expiresAt: new Date(Date.now() + 60_000) } })).id });
    }
    const [first, second] = await Promise.all(tasks.map(async () => { const c = new pg.Client({ connectionString: t.target.url }); await c.connect(); return c; }));
    const insert = (c: pg.Client, task: { grader: string; assignment: string }, preference: number) => c.query(`INSERT INTO "Judgment" ("studyId", "itemId", "assignmentId", "graderId", "dimensionId", "preference", "submittedAt")
      VALUES ($1, $2, $3, $4, $5, $6, NOW())`, [sxs, item.id, task.assignment, task.grader, dimensionId, preference]);
    try {
      await first.query("BEGIN");
      await insert(first, tasks[0], 3);
      await second.query("BEGIN");
      // Each writer's shifts are its unit's histograms with and without its judgment: the second
      // must wait for the first (the item's row lock) and then count the first's judgment too.
      let done = false;
      const pending = insert(second, tasks[1], -2).then(() => { done = true; });
      await expect.poll(async () => done || (await first.query(`SELECT COUNT(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0].n > 0, { timeout: 10_000 }).toBe(true);
      await first.query("COMMIT");
      await pending;
      await second.query("COMMIT");
    } finally {
      await first.end();
      await second.end();
    }
    await expectTallyCurrent();
  });

  it("fills the tally for judgments stored before the migration (its backfill)", async () => {
    const sql = readMigrationFiles(MIGRATIONS_ROOT, engine).find((m) => m.name === "0016_unit_tallies")!.sql;
    const backfill = sql.slice(sql.indexOf(`INSERT INTO "UnitTally"`), sql.indexOf(";", sql.indexOf("GROUP BY j.")) + 1);
    expect(backfill).toMatch(/^INSERT INTO "UnitTally"[\s\S]*GROUP BY[^;]*;$/);
    await t.db.$executeRawUnsafe(`DELETE FROM "UnitTally"`);
    await t.db.$executeRawUnsafe(backfill);
    await expectTallyCurrent();
  });

  it("fills the hourly shifts for judgments stored before the migration (its backfill)", async () => {
    const sql = readMigrationFiles(MIGRATIONS_ROOT, engine).find((m) => m.name === "0019_hourly_histogram_shifts")!.sql;
    const start = sql.indexOf(`INSERT INTO "HourlyHistogramShift"`);
    const backfill = sql.slice(start, sql.indexOf(";", start) + 1);
    expect(backfill).toMatch(/^INSERT INTO "HourlyHistogramShift"[\s\S]*HAVING[^;]*;$/);
    await t.db.$executeRawUnsafe(`DELETE FROM "HourlyHistogramShift"`);
    await t.db.$executeRawUnsafe(backfill);
    await expectTallyCurrent();
  });
});
