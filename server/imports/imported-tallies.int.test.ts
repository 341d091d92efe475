// A study a judgment import creates gets its unit and task tallies counted as its rows are written
// (ImportedTallies, on SQLite); they must be exactly what the recount from its stored judgments
// (tallyRecount, the definitions in server/analytics/judgment-sql.ts) gives: pairs named either way
// round, several pairs per prompt, single-sided scores, and a prompt stored before the import with
// another locale and category than the file gives (the stored ones are the prompt's).
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { importJudgments } from "./import-judgments";
import { tallyRecount } from "./repo";

const HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";
const LOCALES = ["en-US", "de-DE", "ja-JP"];
const CATEGORIES = ["Math", "Writing"];

/** Thrown to roll the transaction back, carrying what it read. */
class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super("rolled back on purpose");
  }
}

function judgmentsFile(dir: string): string {
  const rng = createRng(11);
  const lines = [HEADER];
  const pairs = [["Ava", "Bo"], ["Bo", "Ava"], ["Cy", "Ava"], ["Bo", "Cy"]];
  for (let p = 0; p < 40; p++) {
    const [locale, category] = [LOCALES[p % 3], CATEGORIES[p % 2]];
    // One or two pairs per prompt, the second sometimes the first named the other way round.
    for (const [a, b] of pairs.slice(p % 4, p % 4 + 1 + (p % 2))) {
      for (let g = 0; g < 2 + (p % 4); g++) {
        for (const d of ["overall", "truthfulness"]) {
          if (d === "truthfulness" && g === 0 && p % 3 === 0) continue; // a task with one judgment
          lines.push(`Pairs,side_by_side,p${p},${locale},${category},text,g${(p + g) % 7}-${a}${b},${d},${a},${b},${Math.round(rng.next() * 6) - 3},,`);
        }
      }
    }
  }
  for (let p = 0; p < 25; p++) {
    for (let g = 0; g < 1 + (p % 5); g++) {
      for (const model of ["Xi", "Yu"]) {
        lines.push(`Scores,single_sided,q${p},${LOCALES[p % 3]},${CATEGORIES[p % 2]},image,r${g},presentation,,,,${model},${1 + Math.floor(rng.next() * 5)}`);
      }
    }
  }
  const file = path.join(dir, "tallied.csv");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

describe.each(await testEngines())("the tallies of a study a judgment import creates, on %s", (engine) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    // The prompt set the import would create, already there with one of its prompts.
    await t.db.locale.upsert({ where: { code: "fr-FR" }, create: { code: "fr-FR", name: "French", region: "Europe" }, update: {} });
    await t.db.promptSet.create({ data: { name: "Pairs (imported)", prompts: { create: [{ externalId: "p4", text: "Stored before", localeCode: "fr-FR", category: "Stored", modality: "TEXT" }] } } });
    await importJudgments(t.db, judgmentsFile(mkdtempSync(path.join(os.tmpdir(), "verdict-imported-tallies-"))));
  });
  afterAll(async () => t?.drop());

  const read = async (tx: TestDatabase["db"] | Parameters<Parameters<TestDatabase["db"]["$transaction"]>[0]>[0], studyId: string) => ({
    units: await tx.unitTally.findMany({ where: { studyId }, orderBy: [{ itemId: "asc" }, { dimensionId: "asc" }] }),
    tasks: await tx.taskTally.findMany({ where: { studyId }, orderBy: { assignmentId: "asc" } }),
    shifts: await tx.hourlyHistogramShift.findMany({ where: { studyId } }),
  });

  it.each(["Pairs", "Scores"])("%s: the tallies written are those recounted from the stored judgments", async (name) => {
    const { id: studyId } = await t.db.study.findUniqueOrThrow({ where: { name }, select: { id: true } });
    const written = await read(t.db, studyId);
    const recounted = await t.db.$transaction(async (tx) => {
      // The full recount, hourly shifts from the judgments too (no hour given).
      for (const { sql, params } of tallyRecount(engine, studyId)) await tx.$executeRawUnsafe(sql, ...params);
      throw new RolledBack(await read(tx, studyId));
    }).catch((e) => {
      if (e instanceof RolledBack) return e.result as Awaited<ReturnType<typeof read>>;
      throw e;
    });
    expect(written.units.length).toBeGreaterThan(name === "Pairs" ? 50 : 40);
    expect(written.tasks.length).toBeGreaterThan(40);
    expect(written.units).toEqual(recounted.units);
    expect(written.tasks).toEqual(recounted.tasks);
    const byKey = (s: typeof written.shifts) => [...s].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(byKey(written.shifts)).toEqual(byKey(recounted.shifts));
    expect(await t.db.unitTallyDeferred.count()).toBe(0);
  });

  it("keeps the stored prompt's locale and category in its tallies", async () => {
    const units = await t.db.unitTally.findMany({ where: { category: "Stored" }, select: { localeCode: true } });
    expect(units.length).toBeGreaterThan(0);
    expect(new Set(units.map((u) => u.localeCode))).toEqual(new Set(["fr-FR"]));
  });
});
