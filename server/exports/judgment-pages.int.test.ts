// The raw export's pages on every engine: keyset pages in id order, the next page read while the
// current one is written, nothing skipped or repeated at page boundaries, and an export stopped
// early leaves nothing running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { Writable } from "node:stream";
import { AT, judgmentPages } from "./repo";
import { exportJudgmentsCsvById } from "./service";

describe.each(await testEngines())("export pages on %s", (engine) => {
  let t: TestDatabase;
  let study: string;
  let judgments: string[];

  beforeAll(async () => {
    t = await createTestDatabase(engine);
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
    judgments = (await t.db.judgment.findMany({ where: { studyId: study }, select: { id: true }, orderBy: { id: "asc" } })).map((j) => j.id);
  });
  afterAll(async () => t?.drop());

  it("reads every judgment once, in id order, across pages of any size", async () => {
    expect(judgments.length).toBeGreaterThan(20);
    for (const size of [1, 7, judgments.length, judgments.length + 5]) {
      const ids: string[] = [];
      const sizes: number[] = [];
      for await (const page of judgmentPages(t.db, study, size)) {
        sizes.push(page.length);
        for (let r = 0; r < page.length; r++) ids.push(String(page.at(AT.id, r)));
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
});
