// The raw export's pages on every engine: keyset pages in id order, the next page read while the
// current one is written, nothing skipped or repeated at page boundaries, an export stopped early
// leaves nothing running, and a judgment submitted while a page is read does not break it.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRng } from "../../seed/rng";
import { makeGradedSideBySideStudy, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { Writable } from "node:stream";
import { AT, judgmentPages } from "./repo";
import { exportJudgmentsCsvById } from "./service";

// A page's judgments and its items are two statements asked for at once, so the second can see a
// page the first did not. The race is staged on SQLite by holding the items' statement
// (nativeColumns) until the page has been read and `stage.beforeItems` has run; otherwise every
// read passes straight through.
const stage = vi.hoisted(() => ({
  pageRead: null as Promise<unknown> | null,
  beforeItems: null as null | (() => Promise<void>),
}));

vi.mock("../db/native-read", async (importOriginal) => {
  const real = await importOriginal<typeof import("../db/native-read")>();
  return {
    ...real,
    nativeColumns: async (...args: Parameters<typeof real.nativeColumns>) => {
      const [, sql] = args;
      if (sql.includes(`SELECT j."id", j."itemId"`)) return (stage.pageRead = real.nativeColumns(...args));
      if (sql.includes(`IN (SELECT "itemId"`) && stage.beforeItems) {
        const staged = stage.beforeItems;
        stage.beforeItems = null;
        await stage.pageRead;
        await staged();
      }
      return real.nativeColumns(...args);
    },
  };
});

/** The export's CSV, as records keyed by column. */
async function exported(t: TestDatabase, study: string): Promise<Record<string, string>[]> {
  let text = "";
  const out = new Writable({ write: (chunk, _encoding, done) => { text += String(chunk); done(); } });
  await exportJudgmentsCsvById.run(t.db, study, out);
  return parse(text, { columns: true });
}

describe.each(await testEngines())("export pages on %s", (engine) => {
  let t: TestDatabase;
  let study: string;
  let judgments: number[];

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    study = (await makeGradedSideBySideStudy(t.db, { rng: createRng(5), prompts: 12, graders: 3, dimensionKeys: ["overall"],
      locale: { code: "en-US", name: "English", region: "Americas" }, category: "Math" })).studyId;
    judgments = (await t.db.judgment.findMany({ where: { studyId: study }, select: { id: true }, orderBy: { id: "asc" } })).map((j) => j.id);
  });
  afterAll(async () => t?.drop());

  it("reads every judgment once, in id order, across pages of any size", async () => {
    expect(judgments.length).toBeGreaterThan(20);
    for (const size of [1, 7, judgments.length, judgments.length + 5]) {
      const ids: number[] = [];
      const sizes: number[] = [];
      for await (const page of judgmentPages(t.db, study, size)) {
        sizes.push(page.length);
        for (let r = 0; r < page.length; r++) ids.push(Number(page.at(AT.id, r)));
      }
      expect(ids).toEqual(judgments);
      expect(sizes.slice(0, -1).every((n) => n === size)).toBe(true);
    }
  });

  it("can be stopped after a page, with the next one already asked for", async () => {
    let seen = 0;
    for await (const page of judgmentPages(t.db, study, 5)) {
      seen += page.length;
      break;
    }
    expect(seen).toBe(5);
    // the connection and the read asked ahead are done with: a new export reads everything again
    let again = 0;
    for await (const page of judgmentPages(t.db, study, 5)) again += page.length;
    expect(again).toBe(judgments.length);
  });

  it("stops with an error when its output is destroyed while full (a cancelled download), instead of waiting for ever", async () => {
    // A reader that takes nothing: the first write fills it, and the export waits for a drain.
    const out = new Writable({ highWaterMark: 1, write: () => {} });
    const run = exportJudgmentsCsvById.run(t.db, study, out);
    await new Promise((resolve) => setImmediate(resolve));
    out.destroy();
    await expect(run).rejects.toThrow("the export's output was closed before the export ended");
  });

  it("writes a page longer than a chunk as several chunks, every record whole", async () => {
    // Long prompts (in two-byte text too): one page of the export runs to well over the
    // 32,000 characters written at a time.
    const models = [await makeModel(t.db, { name: "Cy" }), await makeModel(t.db, { name: "Di" })];
    const set = await makePromptSet(t.db);
    const texts = Array.from({ length: 6 }, (_, p) => `${p}: ${(p % 2 ? "長い質問、" : "a long, \"quoted\" question; ").repeat(300)}`);
    for (const text of texts) {
      await makePrompt(t.db, { promptSetId: set.id, localeCode: "en-US", text, responses: models.map((m) => ({ modelId: m.id, text: `${m.name} answers` })) });
    }
    const graders = [];
    for (let g = 0; g < 3; g++) graders.push({ id: (await makeUser(t.db, { role: "GRADER", locales: ["en-US"] })).id, locales: ["en-US"] });
    const long = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: models.map((m) => m.id), promptSetId: set.id, dimensionKeys: ["overall"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, long, { rng: createRng(6), graders, completion: 1 });
    const stored = await t.db.judgment.count({ where: { studyId: long } });
    const chunks: string[] = [];
    const out = new Writable({ write: (chunk, _encoding, done) => { chunks.push(String(chunk)); done(); } });
    await exportJudgmentsCsvById.run(t.db, long, out);
    expect(chunks.length).toBeGreaterThan(3); // the header, then the one page in several chunks
    expect(chunks.slice(1).every((c) => c.endsWith("\n"))).toBe(true);
    const rows: Record<string, string>[] = parse(chunks.join(""), { columns: true });
    expect(rows).toHaveLength(stored);
    expect(rows.every((r) => texts.includes(r.prompt))).toBe(true);
    expect(new Set(rows.map((r) => r.prompt)).size).toBe(texts.length);
  });

  it("writes the stored UTC times whatever the server's time zone", async () => {
    // The PostgreSQL export once read through a connection of its own with the driver's default
    // parsing, which takes TIMESTAMP(3) as local time: 13:19 UTC came out as 18:19 in New York.
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      const rows = await exported(t, study);
      const stored = await t.db.judgment.findMany({ where: { studyId: study }, orderBy: { id: "asc" }, select: { submittedAt: true } });
      expect(rows.map((r) => r.submitted_at)).toEqual(stored.map((j) => j.submittedAt.toISOString()));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it.runIf(engine === "sqlite")("gives each judgment of a page its own item when a judgment lands inside the page between its two reads", async () => {
    // Judgments are numbered as they are stored, so one lands inside a page already chosen only when
    // the engine commits them out of order (PostgreSQL's sequences). Staged here: one judgment is
    // renumbered past the end, leaving its number free inside the first page.
    const byId = { where: { studyId: study }, orderBy: { id: "asc" as const }, select: { id: true, itemId: true } };
    const free = (await t.db.judgment.findMany(byId))[1].id;
    const movedTo = free + 1_000_000;
    await t.db.judgment.update({ where: { id: free }, data: { id: movedTo } });
    const ordered = await t.db.judgment.findMany(byId);
    // A page whose last judgment is its item's only one on the page: pushed out of the items'
    // statement's page, its item is missing there.
    const size = ordered.findIndex((j, k) => k >= 2 && !ordered.slice(0, k).some((o) => o.itemId === j.itemId)) + 1;
    expect(size).toBeGreaterThan(2);
    const firstPage = ordered.slice(0, size);
    const pageItems = new Set(firstPage.map((j) => j.itemId));
    // A later judgment of an item the first page does not have, stored again under the free number,
    // right after the page's first: the items' statement then sees a page without the first page's
    // last item.
    const late = [...ordered].reverse().find((j) => !pageItems.has(j.itemId))!;
    expect(free).toBeGreaterThan(firstPage[0].id);
    stage.beforeItems = async () => {
      const j = await t.db.judgment.findUniqueOrThrow({ where: { id: late.id } });
      await t.db.judgment.create({ data: { ...j, id: free, revision: j.revision + 1, superseded: true } });
    };
    try {
      const seen: { id: number; promptId: string }[] = [];
      for await (const page of judgmentPages(t.db, study, size)) {
        for (let r = 0; r < page.length; r++) seen.push({ id: Number(page.at(AT.id, r)), promptId: String(page.at(AT.promptId, r)) });
        break;
      }
      expect(stage.beforeItems).toBeNull(); // the race was staged
      const truth = await t.db.judgment.findMany({ where: { id: { in: seen.map((s) => s.id) } }, select: { id: true, item: { select: { prompt: { select: { externalId: true } } } } } });
      const promptOf = new Map(truth.map((j) => [j.id, j.item.prompt.externalId]));
      expect(seen.map((s) => s.id)).toEqual(firstPage.map((j) => j.id));
      for (const s of seen) expect(s.promptId).toBe(promptOf.get(s.id));
    } finally {
      stage.beforeItems = null;
      await t.db.judgment.deleteMany({ where: { id: free } });
      await t.db.judgment.update({ where: { id: movedTo }, data: { id: free } });
    }
  });
});
