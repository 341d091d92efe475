// The import's two ways of writing its rows (imported-rows.ts): whichever the engine takes, the
// assignments and judgments stored are exactly those given, by the ids the numbers stand for, in
// the order given; on SQLite the staged path copies them a chunk at a time, so the sequence here
// spans several chunks, creates assignments in each and refers back to earlier and stored ones.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkWriter } from "../db/bulk-insert";
import { prismaSqliteConnection, type Tx } from "../db/client";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { importJudgments } from "./import-judgments";
import { textRows, type ImportedRows, type ImportKeys } from "./imported-rows";
import { STAGED_CHUNK, stagedSqliteRows } from "./staged-rows-sqlite";

const HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";
const PROMPTS = 3_000;

/** Thrown to roll the transaction back, carrying what it read. */
class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super("rolled back on purpose");
  }
}

describe.each(await testEngines())("the rows a judgment import writes, on %s", (engine) => {
  let t: TestDatabase;
  let keys: ImportKeys;
  let stored: { id: string; item: number }[];
  const at = new Date("2026-12-05T10:20:30.456Z");

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-imported-rows-"));
    const file = path.join(dir, "setup.csv");
    // ann's assignments are stored; bob and cy exist as graders (of another study) and get new ones.
    writeFileSync(file, [HEADER,
      ...Array.from({ length: PROMPTS }, (_, k) => `Staged,side_by_side,s${k},en-US,Math,text,ann,overall,New,Old,${(k % 7) - 3},,`),
      "Others,side_by_side,o1,en-US,Math,text,bob,overall,New,Old,1,,",
      "Others,side_by_side,o1,en-US,Math,text,cy,overall,New,Old,1,,",
    ].join("\n") + "\n");
    await importJudgments(t.db, file);
    const study = await t.db.study.findUniqueOrThrow({ where: { name: "Staged" }, select: { id: true } });
    const items = await t.db.item.findMany({ where: { studyId: study.id }, select: { id: true }, orderBy: { prompt: { externalId: "asc" } } });
    const graders = await Promise.all(["ann", "bob", "cy"].map((name) => t.db.user.findFirstOrThrow({ where: { displayName: name }, select: { id: true } })));
    const dimensions = await Promise.all(["overall", "truthfulness"].map((key) => t.db.dimension.findUniqueOrThrow({ where: { key }, select: { id: true } })));
    // A second study, so that items are numbered across studies (the staged path's item numbers follow on).
    const others = await t.db.study.findUniqueOrThrow({ where: { name: "Others" }, select: { id: true, items: { select: { id: true } } } });
    keys = { studyIds: [study.id, others.id], itemIds: [items.map((i) => i.id), others.items.map((i) => i.id)], graderIds: graders.map((g) => g.id),
      dimensionIds: dimensions.map((d) => d.id), itemGroups: [[], []], groups: [[], []] };
    const annAssignments = await t.db.assignment.findMany({ where: { studyId: study.id, graderId: graders[0].id }, select: { id: true, itemId: true } });
    const itemIndex = new Map(keys.itemIds[0].map((id, i) => [id, i]));
    stored = annAssignments.map((a) => ({ id: a.id, item: itemIndex.get(a.itemId)! }));
  });
  afterAll(async () => t?.drop());

  const sinks: [string, (k: ImportKeys, tx: Tx) => Promise<ImportedRows> | ImportedRows][] = [["text rows", (k, tx) => textRows(bulkWriter(t.db, tx), k, at)]];
  if (engine === "sqlite") sinks.push(["staged rows", (k, tx) => stagedSqliteRows(prismaSqliteConnection(t.db)!, bulkWriter(t.db, tx), k, at)]);

  it.each(sinks)("%s: stores each assignment and judgment given, with its ids, in order", async (_, sink) => {
    type Expected = { studyId: string; itemId: string; assignmentId: string; graderId: string; dimensionId: string; preference: number | null; score: number | null };
    const newAssignments: { id: string; studyId: string; itemId: string; graderId: string }[] = [];
    const judgments: Expected[] = [];
    const read = await t.db.$transaction(async (tx) => {
      const before = (await tx.judgment.aggregate({ _max: { id: true } }))._max.id ?? 0;
      const out = await sink(keys, tx);
      const ids: string[] = [];
      const studyOf: number[] = [];
      const itemOf: number[] = [];
      const graderOf: number[] = [];
      const storedOf = new Map<number, number>();
      for (const a of stored) {
        storedOf.set(a.item, ids.length);
        await out.assignment(ids.length, a.id, 0, a.item, 0, true);
        [ids[ids.length], studyOf[studyOf.length], itemOf[itemOf.length], graderOf[graderOf.length]] = [a.id, 0, a.item, 0];
      }
      const judge = async (n: number, dimension: number, preference: number) => {
        await out.judgment(n, dimension, preference, null);
        judgments.push({ studyId: keys.studyIds[studyOf[n]], itemId: keys.itemIds[studyOf[n]][itemOf[n]], assignmentId: ids[n], graderId: keys.graderIds[graderOf[n]],
          dimensionId: keys.dimensionIds[dimension], preference, score: null });
      };
      const assign = async (study: number, item: number, grader: number) => {
        const n = ids.length;
        const id = `staged-${String(n).padStart(6, "0")}`;
        await out.assignment(n, id, study, item, grader, false);
        [ids[n], studyOf[n], itemOf[n], graderOf[n]] = [id, study, item, grader];
        newAssignments.push({ id, studyId: keys.studyIds[study], itemId: keys.itemIds[study][item], graderId: keys.graderIds[grader] });
        return n;
      };
      // Per prompt: ann's stored assignment gets a second dimension (every fifth prompt), bob and cy
      // each a new assignment judged on both dimensions, cy's second judgment after bob's. Halfway,
      // ann gets a new assignment in the other study.
      for (let item = 0; item < PROMPTS; item++) {
        if (item % 5 === 0) await judge(storedOf.get(item)!, 1, 2);
        if (item === PROMPTS / 2) await judge(await assign(1, 0, 0), 0, -3);
        const made: number[] = [];
        for (const grader of [1, 2]) {
          const n = await assign(0, item, grader);
          made.push(n);
          await judge(n, 0, (item % 7) - 3);
        }
        for (const n of made) await judge(n, 1, 2 - (item % 5));
      }
      await out.finish(null);
      const result = {
        assignments: await tx.assignment.findMany({ where: { id: { startsWith: "staged-" } }, orderBy: { id: "asc" },
          select: { id: true, studyId: true, itemId: true, graderId: true, status: true, leasedAt: true, expiresAt: true, submittedAt: true } }),
        judgments: await tx.judgment.findMany({ where: { id: { gt: before } }, orderBy: { id: "asc" }, select: { studyId: true, itemId: true, assignmentId: true, graderId: true, dimensionId: true, preference: true, score: true, submittedAt: true } }),
      };
      throw new RolledBack(result);
    }, { timeout: 120_000 }).catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
      return (e as RolledBack<{ assignments: unknown[]; judgments: (Expected & { submittedAt: Date })[] }>).result;
    });

    expect(judgments.length).toBeGreaterThan(3 * STAGED_CHUNK);
    expect(read.assignments).toEqual(newAssignments.map((a) => ({ ...a, status: "SUBMITTED", leasedAt: at, expiresAt: at, submittedAt: at })));
    expect(read.judgments.map(({ submittedAt, ...j }) => { expect(submittedAt).toEqual(at); return j; })).toEqual(judgments);
    // Rolled back: nothing of it stays.
    expect(await t.db.assignment.count({ where: { id: { startsWith: "staged-" } } })).toBe(0);
  }, 180_000);
});
