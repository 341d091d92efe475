// What a judgments import finds and what it creates, across imports: a second file into the same
// study reuses its prompts, responses, items and assignments; a study imported again after it was
// deleted reuses the prompts and responses its prompt set kept; nothing is created twice.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { ANALYZE_AFTER, importJudgments, type ImportProgress } from "./import-judgments";
import { IMPORT_PAGE_CACHE_KIB } from "./repo";
import { prismaSqliteConnection } from "../db/client";
import { isCompactId } from "../db/compact-id";

const HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";
const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-judgment-import-"));

function file(name: string, rows: [prompt: string, grader: string, preference: number][]): string {
  const f = path.join(dir, name);
  writeFileSync(f, [HEADER, ...rows.map(([p, g, v]) => `Again,side_by_side,${p},en-US,Math,text,${g},overall,New,Old,${v},,`)].join("\n") + "\n");
  return f;
}

describe.each(await testEngines())("judgment imports over time on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  const counts = async () => {
    const set = await t.db.promptSet.findUniqueOrThrow({ where: { name: "Again (imported)" }, select: { id: true } });
    const study = await t.db.study.findUnique({ where: { name: "Again" }, select: { id: true } });
    return {
      prompts: await t.db.prompt.count({ where: { promptSetId: set.id } }),
      responses: await t.db.response.count({ where: { prompt: { promptSetId: set.id } } }),
      items: study ? await t.db.item.count({ where: { studyId: study.id } }) : 0,
      assignments: study ? await t.db.assignment.count({ where: { studyId: study.id } }) : 0,
      judgments: study ? await t.db.judgment.count({ where: { studyId: study.id } }) : 0,
    };
  };

  it("adds a second file's new prompts and judgments to what the first created", async () => {
    const reports: ImportProgress[] = [];
    const first = await importJudgments(t.db, file("first.csv", [["p1", "ann", 1], ["p2", "ann", -2]]), { onProgress: (p) => reports.push(p) });
    // Every phase reported, in order, each ending at its total; counting reaches it once committed.
    expect([...new Set(reports.map((p) => p.phase))]).toEqual(["checking", "preparing", "writing", "counting"]);
    for (const phase of ["checking", "writing", "counting"]) {
      const last = reports.filter((p) => p.phase === phase).at(-1)!;
      expect(last.done).toBe(last.total);
    }
    expect(reports.filter((p) => p.phase === "writing").at(-1)).toEqual({ phase: "writing", done: 2, total: 2 });
    expect(reports.at(-1)).toEqual({ phase: "counting", done: 1, total: 1 });
    expect(first).toMatchObject({ judgmentsAdded: 2, judgmentsAlreadyPresent: 0 });
    expect(await counts()).toEqual({ prompts: 2, responses: 4, items: 2, assignments: 2, judgments: 2 });

    // p2 by ann again (already present), p2 by bob (an existing item, a new assignment), p3 (all new).
    const second = await importJudgments(t.db, file("second.csv", [["p2", "ann", -2], ["p2", "bob", 3], ["p3", "ann", 0]]));
    expect(second).toMatchObject({ judgmentsAdded: 2, judgmentsAlreadyPresent: 1 });
    expect(await counts()).toEqual({ prompts: 3, responses: 6, items: 3, assignments: 4, judgments: 4 });
  });

  it("adds a new dimension to a stored assignment, and takes a pair named the other way round as the same item", async () => {
    const f = path.join(dir, "third.csv");
    writeFileSync(f, [HEADER,
      "Again,side_by_side,p3,en-US,Math,text,ann,truthfulness,New,Old,1,,", // ann's stored assignment on p3, a new dimension
      "Again,side_by_side,p1,en-US,Math,text,bob,overall,Old,New,2,,", // New vs Old named Old first: Old better by 2
    ].join("\n") + "\n");
    const before = await counts();
    expect(await importJudgments(t.db, f)).toMatchObject({ judgmentsAdded: 2, judgmentsAlreadyPresent: 0 });
    expect(await counts()).toEqual({ ...before, assignments: before.assignments + 1, judgments: before.judgments + 2 });
    const p3 = await t.db.judgment.findMany({ where: { study: { name: "Again" }, item: { prompt: { externalId: "p3" } } }, select: { assignmentId: true, dimension: { select: { key: true } } } });
    expect(p3.map((j) => j.dimension.key).sort()).toEqual(["overall", "truthfulness"]);
    expect(new Set(p3.map((j) => j.assignmentId)).size).toBe(1);
    const bob = await t.db.judgment.findFirstOrThrow({ where: { study: { name: "Again" }, item: { prompt: { externalId: "p1" } }, grader: { displayName: "bob" } },
      select: { preference: true, item: { select: { response: { select: { model: { select: { name: true } } } } } } } });
    expect(bob).toEqual({ preference: -2, item: { response: { model: { name: "New" } } } });
  });

  it("makes one item of a pair named both ways round on one prompt of a new study's file", async () => {
    const f = path.join(dir, "both-ways.csv");
    writeFileSync(f, [HEADER,
      "Both ways,side_by_side,w1,en-US,Math,text,ann,overall,New,Old,1,,",
      "Both ways,side_by_side,w1,en-US,Math,text,bob,overall,Old,New,3,,", // Old better by 3
      "Both ways,side_by_side,w2,en-US,Math,text,bob,overall,Old,New,-2,,",
    ].join("\n") + "\n");
    expect(await importJudgments(t.db, f)).toMatchObject({ judgmentsAdded: 3 });
    const items = await t.db.item.findMany({ where: { study: { name: "Both ways" } }, orderBy: { prompt: { externalId: "asc" } },
      select: { prompt: { select: { externalId: true } }, response: { select: { model: { select: { name: true } } } }, baselineResponse: { select: { model: { select: { name: true } } } },
        judgments: { orderBy: { grader: { displayName: "asc" } }, select: { preference: true, grader: { select: { displayName: true } } } } } });
    expect(items.map((i) => [i.prompt.externalId, i.response.model.name, i.baselineResponse?.model.name, i.judgments.map((j) => [j.grader.displayName, j.preference])])).toEqual([
      ["w1", "New", "Old", [["ann", 1], ["bob", -3]]],
      ["w2", "New", "Old", [["bob", 2]]],
    ]);
  });

  it("imports a deleted study again onto the prompts and responses its prompt set kept", async () => {
    await t.db.study.delete({ where: { name: "Again" } });
    expect(await counts()).toEqual({ prompts: 3, responses: 6, items: 0, assignments: 0, judgments: 0 });
    const again = await importJudgments(t.db, file("again.csv", [["p1", "ann", 1], ["p4", "ann", 2]]));
    expect(again).toMatchObject({ judgmentsAdded: 2, judgmentsAlreadyPresent: 0 });
    expect(await counts()).toEqual({ prompts: 4, responses: 8, items: 2, assignments: 2, judgments: 2 });
  });

  it("writes a study's prompts, responses and items in chunks, each once and joined to its own prompt", async () => {
    // More prompts, responses and items than one chunk of rows (2,000), part of them stored by an earlier file.
    const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, k): [string, string, number] => [`c${from + k}`, "ann", ((from + k) % 7) - 3]);
    await importJudgments(t.db, file("chunks-first.csv", rows(0, 1_500)));
    const before = await counts();
    const second = await importJudgments(t.db, file("chunks-second.csv", rows(0, 4_500)));
    expect(second).toMatchObject({ judgmentsAdded: 3_000, judgmentsAlreadyPresent: 1_500 });
    const after = await counts();
    expect(after.prompts - before.prompts).toBe(3_000);
    expect(after.responses - before.responses).toBe(6_000);
    expect(after.items - before.items).toBe(3_000);
    const study = await t.db.study.findUniqueOrThrow({ where: { name: "Again" }, select: { id: true } });
    const items = await t.db.item.findMany({ where: { studyId: study.id, prompt: { externalId: { startsWith: "c" } } },
      select: { prompt: { select: { id: true, externalId: true } }, response: { select: { promptId: true, model: { select: { name: true } } } },
        baselineResponse: { select: { promptId: true, model: { select: { name: true } } } } } });
    expect(items).toHaveLength(4_500);
    expect(new Set(items.map((i) => i.prompt.externalId)).size).toBe(4_500);
    for (const i of items) {
      expect([i.response.promptId, i.baselineResponse?.promptId]).toEqual([i.prompt.id, i.prompt.id]);
      expect([i.response.model.name, i.baselineResponse?.model.name]).toEqual(["New", "Old"]);
    }
  }, 120_000);

  it("writes the study, prompts, responses, items, assignments and graders it creates under compact ids, later imports' sorting later", async () => {
    const compactFile = (name: string, study: string, grader: string) => {
      const f = path.join(dir, name);
      writeFileSync(f, `${HEADER}\n${study},side_by_side,k1,en-US,Math,text,${grader},overall,New,Old,1,,\n${study},side_by_side,k2,en-US,Math,text,${grader},overall,New,Old,-1,,\n`);
      return f;
    };
    const created = async (study: string) => {
      const s = await t.db.study.findUniqueOrThrow({ where: { name: study }, select: { id: true } });
      const items = await t.db.item.findMany({ where: { studyId: s.id }, select: { id: true, promptId: true, responseId: true, baselineResponseId: true } });
      const assignments = await t.db.assignment.findMany({ where: { studyId: s.id }, select: { id: true, graderId: true } });
      return [s.id, ...items.flatMap((i) => [i.id, i.promptId, i.responseId, i.baselineResponseId!]), ...assignments.flatMap((a) => [a.id, a.graderId])];
    };
    await importJudgments(t.db, compactFile("compact-1.csv", "Compact one", "Compact grader one"));
    await importJudgments(t.db, compactFile("compact-2.csv", "Compact two", "Compact grader two"));
    const [one, two] = [await created("Compact one"), await created("Compact two")];
    expect([...one, ...two].filter((id) => !isCompactId(id) || id.length > 8)).toEqual([]);
    const lastOfOne = [...one].sort().at(-1)!;
    expect(two.every((id) => id > lastOfOne)).toBe(true);
  });

  it.runIf(engine === "sqlite")("on SQLite, writes with the import's page cache and gives the connection its own back, also when the import fails", async () => {
    await t.db.$queryRawUnsafe("SELECT 1");
    const conn = prismaSqliteConnection(t.db)!; // read directly: a query through Prisma would wait for the import's transaction
    const cacheSize = () => Number(conn.pragma("cache_size", { simple: true }));
    const before = cacheSize();
    expect(-before).toBeGreaterThan(IMPORT_PAGE_CACHE_KIB); // the writing connection's, so the import narrows it
    const whileWriting: number[] = [];
    await importJudgments(t.db, file("cache.csv", [["k1", "ann", 1], ["k2", "bob", -1]]), {
      onProgress: (p) => { if (p.phase === "writing") whileWriting.push(cacheSize()); } });
    expect(new Set(whileWriting)).toEqual(new Set([-IMPORT_PAGE_CACHE_KIB]));
    expect(cacheSize()).toBe(before);

    // Stopped after its items were created, inside the transaction: rolled back, and the cache set back.
    let collections = 0;
    const failing = importJudgments(t.db, file("cache-failing.csv", [["k3", "ann", 1]]), {
      collectGarbage: () => { if (++collections === 2) throw new Error("stopped inside the transaction"); } });
    await expect(failing).rejects.toThrow("stopped inside the transaction");
    expect(cacheSize()).toBe(before);
    expect(await t.db.prompt.count({ where: { externalId: "k3" } })).toBe(0);
  });

  it.runIf(engine === "sqlite")("on SQLite, writes without the judgments' insert triggers and puts them back as they were, also when the import fails", async () => {
    await t.db.$queryRawUnsafe("SELECT 1");
    const conn = prismaSqliteConnection(t.db)!; // the import's own connection: it sees the transaction's schema
    const triggers = () => conn.prepare(`SELECT "name", "sql" FROM "sqlite_master" WHERE "type" = 'trigger' AND "tbl_name" = 'Judgment' ORDER BY "rowid"`).all() as { name: string; sql: string }[];
    const before = triggers();
    const inserting = before.filter((t) => /AFTER INSERT ON/.test(t.sql)).map((t) => t.name);
    expect(inserting).toEqual(["Judgment_unit_tally_insert", "Judgment_task_tally_insert", "Judgment_hourly_shift_insert"]);
    // The same definitions, and the insert triggers in the order SQLite fires them (their order of
    // creation; created again, they come after the update and delete triggers in the schema).
    const expectTriggersAsBefore = () => {
      const now = triggers();
      const byName = (list: { name: string; sql: string }[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
      expect(byName(now)).toEqual(byName(before));
      expect(now.map((t) => t.name).filter((n) => inserting.includes(n))).toEqual(inserting);
    };
    const whileWriting: string[][] = [];
    await importJudgments(t.db, file("triggers.csv", [["t1", "ann", 2], ["t2", "bob", -1]]), {
      onProgress: (p) => { if (p.phase === "writing" && p.done < p.total) whileWriting.push(triggers().map((t) => t.name)); } });
    expect(whileWriting.length).toBeGreaterThan(0);
    for (const names of whileWriting) expect(names).toEqual(before.map((t) => t.name).filter((n) => !inserting.includes(n)));
    expectTriggersAsBefore();

    // The tallies the recount left are what the triggers keep up afterwards: a grader's judgment on t1 counts at once.
    const j = await t.db.judgment.findFirstOrThrow({ where: { item: { prompt: { externalId: "t1" } } } });
    const tally = async () => (await t.db.unitTally.findMany({ where: { itemId: j.itemId, dimensionId: j.dimensionId }, select: { h5: true, h3: true } }));
    expect(await tally()).toEqual([{ h5: 1, h3: 0 }]);
    await t.db.judgment.create({ data: { ...j, id: undefined, revision: 1, preference: 0 } });
    expect(await tally()).toEqual([{ h5: 1, h3: 1 }]);

    // Stopped while writing, inside the transaction: rolled back, the triggers there as before.
    const failing = importJudgments(t.db, file("triggers-failing.csv", [["t3", "ann", 1]]), {
      onProgress: (p) => { if (p.phase === "writing") throw new Error("stopped while writing"); } });
    await expect(failing).rejects.toThrow("stopped while writing");
    expectTriggersAsBefore();
    expect(await t.db.prompt.count({ where: { externalId: "t3" } })).toBe(0);
  });

  it.runIf(engine === "sqlite")("on SQLite, keeps an insert trigger that does not skip deferred studies: it sees every imported row", async () => {
    await t.db.$executeRawUnsafe(`CREATE TABLE "SeenJudgment" ("id" INTEGER NOT NULL)`);
    await t.db.$executeRawUnsafe(`CREATE TRIGGER "Judgment_seen_insert" AFTER INSERT ON "Judgment" BEGIN INSERT INTO "SeenJudgment" ("id") VALUES (NEW."id"); END`);
    try {
      const summary = await importJudgments(t.db, file("seen.csv", [["s1", "ann", 1], ["s2", "bob", 0], ["s3", "cy", -3]]));
      expect(summary.judgmentsAdded).toBe(3);
      const seen = await t.db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS "n" FROM "SeenJudgment" s JOIN "Judgment" j ON j."id" = s."id"`);
      expect(Number(seen[0].n)).toBe(3);
    } finally {
      await t.db.$executeRawUnsafe(`DROP TRIGGER "Judgment_seen_insert"`);
      await t.db.$executeRawUnsafe(`DROP TABLE "SeenJudgment"`);
    }
  });

  it.runIf(engine === "pg")("refreshes PostgreSQL's planner statistics after a large import, so the next queries plan for its size", async () => {
    // The judgments and the tallies the dashboards read instead of them.
    const analyzed = async (table = "Judgment") => (await t.db.$queryRawUnsafe<{ at: Date | null }[]>(`SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = $1`, table))[0].at;
    const large = (name: string, n: number) => {
      const f = path.join(dir, name);
      writeFileSync(f, [HEADER, ...Array.from({ length: n }, (_, i) => `Large,side_by_side,big${i >> 1},en-US,Math,text,${i % 2 ? "bob" : "ann"},overall,New,Old,${(i % 7) - 3},,`)].join("\n") + "\n");
      return f;
    };
    await importJudgments(t.db, large("small.csv", 10));
    expect(await analyzed()).toBeNull();
    const before = Date.now();
    await importJudgments(t.db, large("big.csv", ANALYZE_AFTER + 10)); // the first 10 are already there
    for (const table of ["Judgment", "UnitTally", "TaskTally"]) expect((await analyzed(table))!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  }, 120_000);
});
