// A judgment submitted while the export reads a page: the page's judgments and its items are two
// statements, asked for at once, so the second can see a page the first did not. The export must
// still give every judgment its own item. SQLite only: the race is staged by holding the items'
// statement (nativeColumns) until the page has been read and a judgment inserted.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { AT, judgmentPages } from "./repo";

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

describe("export pages while judgments arrive (sqlite)", () => {
  let t: TestDatabase;
  let study: string;

  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    await makeLocale(t.db, "en-US", "English", "Americas");
    const models = [await makeModel(t.db, { name: "Ada" }), await makeModel(t.db, { name: "Bo" })];
    const set = await makePromptSet(t.db);
    for (let p = 0; p < 12; p++) {
      await makePrompt(t.db, { promptSetId: set.id, localeCode: "en-US", category: "Math", responses: models.map((m) => ({ modelId: m.id, text: `${m.name} on ${p}` })) });
    }
    const graders = [];
    for (let g = 0; g < 3; g++) graders.push({ id: (await makeUser(t.db, { role: "GRADER", locales: ["en-US"] })).id, locales: ["en-US"] });
    study = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: models.map((m) => m.id), promptSetId: set.id, dimensionKeys: ["overall"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, study, { rng: createRng(5), graders, completion: 1 });
  });
  afterAll(async () => t?.drop());

  it("gives each judgment of a page its own item when a judgment lands inside the page between its two reads", async () => {
    const ordered = await t.db.judgment.findMany({ where: { studyId: study }, orderBy: { id: "asc" }, select: { id: true, itemId: true } });
    // A page whose last judgment is its item's only one on the page: pushed out of the items'
    // statement's page, its item is missing there.
    const size = ordered.findIndex((j, k) => k >= 2 && !ordered.slice(0, k).some((o) => o.itemId === j.itemId)) + 1;
    expect(size).toBeGreaterThan(2);
    const firstPage = ordered.slice(0, size);
    const pageItems = new Set(firstPage.map((j) => j.itemId));
    // A later judgment of an item the first page does not have, stored again under an id that
    // sorts right after the page's first: the items' statement then sees a page without the
    // first page's last item.
    const late = [...ordered].reverse().find((j) => !pageItems.has(j.itemId) && j.itemId !== firstPage[size - 1].itemId)!;
    stage.beforeItems = async () => {
      const j = await t.db.judgment.findUniqueOrThrow({ where: { id: late.id } });
      await t.db.judgment.create({ data: { ...j, id: `${firstPage[0].id}0`, revision: j.revision + 1, superseded: true } });
    };

    const seen: { id: string; promptId: string }[] = [];
    for await (const page of judgmentPages(t.db, study, size)) {
      for (let r = 0; r < page.length; r++) seen.push({ id: String(page.at(AT.id, r)), promptId: String(page.at(AT.promptId, r)) });
      break;
    }
    expect(stage.beforeItems).toBeNull(); // the race was staged
    const truth = await t.db.judgment.findMany({ where: { id: { in: seen.map((s) => s.id) } }, select: { id: true, item: { select: { prompt: { select: { externalId: true } } } } } });
    const promptOf = new Map(truth.map((j) => [j.id, j.item.prompt.externalId]));
    expect(seen.map((s) => s.id)).toEqual(firstPage.map((j) => j.id));
    for (const s of seen) expect(s.promptId).toBe(promptOf.get(s.id));
  });
});
