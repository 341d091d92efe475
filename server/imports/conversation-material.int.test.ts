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
import { Canvas } from "../../seed/png";
import { readAttachment } from "../attachments/service";
import { exportJudgmentsCsv } from "../exports/service";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { folderImages } from "./image-source";
import { importMaterial } from "./import-material";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-conversation-"));
// A chart the user showed in an earlier turn, carrying a tool's metadata that names a model.
const chart = new Canvas(16, 8, [10, 120, 200]).toPng({ Software: "Alpha chart export" });
const photo = new Canvas(8, 8, [200, 200, 10]).toPng();
writeFileSync(path.join(dir, "chart.png"), chart);
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
    const noImages = (turns: { role: string; content: string }[]) => turns.map((x) => ({ ...x, images: [] }));
    expect(seen.get("Swap the days, and add a tea house.")).toEqual(noImages(TRIP.slice(0, 3)));
    expect(seen.get("And of Italy?")).toEqual(noImages([{ role: "user", content: "Capital of France?" }, { role: "assistant", content: "Paris." }]));
    expect(seen.get("A single turn")).toBeNull();

    // The raw export carries each judgment's context, so an analysis sees what the grader saw.
    const out = path.join(dir, `export-${engine}.csv`);
    expect(await exportJudgmentsCsv(t.db, "Chat study", createWriteStream(out))).toBe(3);
    const records = parse(readFileSync(out, "utf8"), { columns: true }) as Record<string, string>[];
    const context = new Map(records.map((r) => [r.prompt, r.prompt_context]));
    expect(JSON.parse(context.get("Swap the days, and add a tea house.")!)).toEqual(TRIP.slice(0, 3));
    expect(context.get("A single turn")).toBe("");
  });

  it("stores each earlier turn's images with its turn, apart from the final turn's, and serves them to the grader only", async () => {
    const messages = (second: string, first = "chart.png") => JSON.stringify([
      { role: "user", content: [{ type: "text", text: "What does this chart show?" }, { type: "image_url", image_url: { url: first } }] },
      { role: "assistant", content: "Sales by quarter; Q3 is highest." },
      { role: "user", content: [{ type: "text", text: "Compare it with this photo of the whiteboard." }, { type: "image_url", image_url: { url: second } }] },
    ]);
    const photoUri = `data:image/png;base64,${photo.toString("base64")}`;
    await importMaterial(t.db, write("visual-chat.csv", stringify([HEADER,
      ["v1", "", "en-US", "Charts", "image", "", "Alpha", "They agree.", messages(photoUri)],
      ["v1", "", "en-US", "Charts", "image", "", "Beta", "They differ.", messages(photoUri)],
    ])), { promptSet: "Visual chats", images: folderImages(dir) });
    const prompt = await t.db.prompt.findFirstOrThrow({ where: { externalId: "v1" }, include: { attachments: { orderBy: { position: "asc" } } } });
    expect(prompt.text).toBe("Compare it with this photo of the whiteboard.");
    expect(prompt.attachments.map((a) => [a.turn, a.byteSize])).toEqual([[null, photo.length], [0, chart.length]]);

    // Rows of one prompt must show the same images in the same turns.
    const error = (await importMaterial(t.db, write("visual-bad.csv", stringify([HEADER,
      ["v2", "", "en-US", "Charts", "image", "", "Alpha", "a", messages(photoUri)],
      ["v2", "", "en-US", "Charts", "image", "", "Beta", "b", messages(photoUri, photoUri)],
      ["v3", "", "en-US", "Charts", "text", "", "Beta", "b", messages(photoUri)],
    ])), { promptSet: "Visual chats", images: folderImages(dir) }).catch((e) => e)) as Error;
    expect(error.message).toContain("line 3, messages: prompt v2 has other earlier turns on line 2");
    expect(error.message).toContain("line 4, images: a text prompt has no images; use modality image");
    expect(error.message).toContain("line 4, messages: has images in earlier turns; use modality image");

    const [alpha, beta] = await Promise.all(["Alpha", "Beta"].map((name) => t.db.model.findUniqueOrThrow({ where: { name } })));
    const set = await t.db.promptSet.findUniqueOrThrow({ where: { name: "Visual chats" } });
    const study = await makeStudy(t.db, { name: "Visual chat study", type: "SIDE_BY_SIDE", modelIds: [alpha.id, beta.id], promptSetId: set.id,
      dimensionKeys: ["overall", "image_understanding"], redundancy: 1 }, { status: "RUNNING" });
    const grader = asSessionUser(await makeUser(t.db, { role: "GRADER", locales: ["en-US"] }), ["en-US"]);
    const task = (await callerFor(t.db, grader).grading.next({ studyId: study.id }))!;
    expect(task.prompt.images).toEqual([{ url: `/api/attachments/${prompt.attachments[0].id}`, alt: "Image 1" }]);
    expect(task.prompt.conversation).toEqual([
      { role: "user", content: "What does this chart show?", images: [{ url: `/api/attachments/${prompt.attachments[1].id}`, alt: "Image 1 of turn 1" }] },
      { role: "assistant", content: "Sales by quarter; Q3 is highest.", images: [] },
    ]);
    expect(task.dimensions.map((d) => d.key)).toEqual(["overall", "image_understanding"]);
    // The grader may fetch the turn's image, stripped of the metadata naming a model; another grader may not.
    const served = (await readAttachment(t.db, grader, prompt.attachments[1].id))!;
    expect(served.mimeType).toBe("image/png");
    expect(Buffer.from(served.data).toString("latin1")).not.toContain("Alpha");
    const stranger = asSessionUser(await makeUser(t.db, { role: "GRADER", locales: ["en-US"] }), ["en-US"]);
    expect(await readAttachment(t.db, stranger, prompt.attachments[1].id)).toBeNull();
  });
});
