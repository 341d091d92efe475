// Multi-turn prompts end to end on a real database: imported from CSV (messages as JSON text) and
// JSON Lines (messages as a list), checked for agreement across a prompt's rows, stored, and handed
// to the grader as a transcript before the final user turn, with nothing naming a model.
import { parse } from "csv-parse/sync";
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy, makeUser } from "../../seed/factories";
import { exportJudgmentsCsv } from "../exports/service";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { folderImages } from "./image-source";
import { importMaterial } from "./import-material";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-conversation-"));
const HEADER = ["prompt_id", "prompt", "locale", "category", "modality", "images", "model", "response", "messages"];
const TRIP = [
  { role: "system", content: "You are a travel assistant." },
  { role: "user", content: "I have two days in Kyoto." },
  { role: "assistant", content: "Day 1: Fushimi Inari. Day 2: Arashiyama." },
  { role: "user", content: "Swap the days, and add a tea house." },
];

function write(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe.each(await testEngines())("conversation prompts on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t.drop());

  it("imports messages from CSV and JSON Lines, stores the earlier turns and the final user turn as the prompt", async () => {
    const csvFile = write("chat.csv", stringify([HEADER,
      ["c1", "", "en-US", "Travel", "text", "", "Alpha", "Day 1: Arashiyama, then tea at Ippodo. Day 2: Fushimi Inari.", JSON.stringify(TRIP)],
      ["c1", "Swap the days, and add a tea house.", "en-US", "Travel", "text", "", "Beta", "Sure: swapped.", JSON.stringify(TRIP)],
      ["s1", "A single turn", "en-US", "Travel", "text", "", "Alpha", "one", ""],
      ["s1", "A single turn", "en-US", "Travel", "text", "", "Beta", "two", ""],
    ]));
    await importMaterial(t.db, csvFile, { promptSet: "Chats", images: folderImages(dir) });
    const jsonl = write("chat.jsonl", [
      { prompt_id: "c2", locale: "en-US", category: "Travel", modality: "text", model: "Alpha", response: "Paris.",
        messages: [{ role: "user", content: "Capital of France?" }, { role: "assistant", content: "Paris." }, { role: "user", content: [{ type: "text", text: "And of Italy?" }] }] },
      { prompt_id: "c2", locale: "en-US", category: "Travel", modality: "text", model: "Beta", response: "Rome.",
        messages: [{ role: "user", content: "Capital of France?" }, { role: "assistant", content: "Paris." }, { role: "user", content: "And of Italy?" }] },
    ].map((r) => JSON.stringify(r)).join("\n"));
    await importMaterial(t.db, jsonl, { promptSet: "Chats", images: folderImages(dir) });

    const c1 = await t.db.prompt.findFirstOrThrow({ where: { externalId: "c1" } });
    expect(c1.text).toBe("Swap the days, and add a tea house.");
    expect(JSON.parse(c1.conversation!)).toEqual(TRIP.slice(0, 3));
    expect((await t.db.prompt.findFirstOrThrow({ where: { externalId: "c2" } })).text).toBe("And of Italy?");
    expect((await t.db.prompt.findFirstOrThrow({ where: { externalId: "s1" } })).conversation).toBeNull();
  });

  it("refuses rows of one prompt whose conversations differ, or a prompt that contradicts its messages, storing nothing", async () => {
    const before = [await t.db.prompt.count(), await t.db.response.count()];
    const other = [...TRIP.slice(0, 2), { role: "assistant", content: "Something else." }, TRIP[3]];
    const file = write("bad-chat.csv", stringify([HEADER,
      ["d1", "", "en-US", "Travel", "text", "", "Alpha", "a", JSON.stringify(TRIP)],
      ["d1", "", "en-US", "Travel", "text", "", "Beta", "b", JSON.stringify(other)],
      ["d2", "", "en-US", "Travel", "text", "", "Beta", "b", "Swap the days"],
      ["d3", "Something else", "en-US", "Travel", "text", "", "Beta", "b", JSON.stringify(TRIP)],
      ["d4", "Hi", "en-US", "Travel", "text", "", "Beta", "b", ""],
      ["d4", "Hi", "en-US", "Travel", "text", "", "Alpha", "b", JSON.stringify([{ role: "user", content: "Hi" }, { role: "assistant", content: "x" }])],
    ]));
    const error = (await importMaterial(t.db, file, { promptSet: "Bad chats", images: folderImages(dir) }).catch((e) => e)) as Error;
    expect(error.message).toContain("nothing was imported");
    expect(error.message).toContain("line 3, messages: prompt d1 has other earlier turns on line 2");
    expect(error.message).toContain("line 4, messages: must be a JSON list of messages");
    expect(error.message).toContain("line 5, prompt: differs from the last user message of messages");
    expect(error.message).toContain("line 7, messages: the last message must be the user turn the responses answer, not assistant");
    expect([await t.db.prompt.count(), await t.db.response.count()]).toEqual(before);
  });

  it("gives the grader the earlier turns in order and the final turn as the prompt, blind to the models", async () => {
    const researcher = await makeUser(t.db, { role: "RESEARCHER" });
    const grader = await makeUser(t.db, { role: "GRADER", locales: ["en-US"] });
    const [alpha, beta] = await Promise.all(["Alpha", "Beta"].map((name) => t.db.model.findUniqueOrThrow({ where: { name } })));
    const set = await t.db.promptSet.findUniqueOrThrow({ where: { name: "Chats" } });
    const study = await makeStudy(t.db, { name: "Chat study", type: "SIDE_BY_SIDE", modelIds: [alpha.id, beta.id], promptSetId: set.id,
      dimensionKeys: ["overall"], redundancy: 1 }, { createdById: researcher.id, status: "RUNNING" });
    const api = callerFor(t.db, asSessionUser(grader, ["en-US"]));
    const seen = new Map<string, unknown>();
    for (let i = 0; i < 3; i++) {
      const task = (await api.grading.next({ studyId: study.id }))!;
      seen.set(task.prompt.text, task.prompt.conversation);
      const payload = JSON.stringify(task);
      for (const name of ["Alpha", "Beta", alpha.id, beta.id]) expect(payload).not.toContain(`"${name}"`);
      await api.grading.submit({ assignmentId: task.assignmentId, values: { overall: 1 }, timeSpentMs: 5000 });
    }
    expect(seen.get("Swap the days, and add a tea house.")).toEqual(TRIP.slice(0, 3));
    expect(seen.get("And of Italy?")).toEqual([{ role: "user", content: "Capital of France?" }, { role: "assistant", content: "Paris." }]);
    expect(seen.get("A single turn")).toBeNull();

    // The raw export carries each judgment's context, so an analysis sees what the grader saw.
    const out = path.join(dir, `export-${engine}.csv`);
    expect(await exportJudgmentsCsv(t.db, "Chat study", createWriteStream(out))).toBe(3);
    const records = parse(readFileSync(out, "utf8"), { columns: true }) as Record<string, string>[];
    const context = new Map(records.map((r) => [r.prompt, r.prompt_context]));
    expect(JSON.parse(context.get("Swap the days, and add a tea house.")!)).toEqual(TRIP.slice(0, 3));
    expect(context.get("A single turn")).toBe("");
  });
});
