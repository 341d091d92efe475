// Image models' outputs as responses: imported from files or data: URIs (checked by content), with
// or without text, stored per response, and handed to the grader as images with neutral names,
// the edit's source image as the prompt's.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy, makeUser } from "../../seed/factories";
import { Canvas } from "../../seed/png";
import { readAttachment } from "../attachments/service";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { folderImages } from "./image-source";
import { importMaterial } from "./import-material";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-image-responses-"));
const HEADER = ["prompt_id", "prompt", "locale", "category", "modality", "images", "model", "response", "response_images"];
const red = new Canvas(12, 12, [220, 30, 30]).toPng({ Software: "Pixa Draw 3 export" });
const blue = new Canvas(12, 12, [30, 30, 220]).toPng();
const source = new Canvas(12, 12, [30, 200, 30]).toPng();
// Named after the model that drew it: the name must never reach the grader.
writeFileSync(path.join(dir, "pixa-draw-3-red.png"), red);
writeFileSync(path.join(dir, "source.png"), source);
writeFileSync(path.join(dir, "notes.txt"), "not an image");

function write(name: string, rows: string[][]) {
  const file = path.join(dir, name);
  writeFileSync(file, stringify([HEADER, ...rows]));
  return file;
}

describe.each(await testEngines())("image responses on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t.drop());

  it("stores each model's images with its response; text may be left out", async () => {
    const blueUri = `data:image/png;base64,${blue.toString("base64")}`;
    await importMaterial(t.db, write("gen.csv", [
      ["g1", "Draw a red square.", "en-US", "Generation", "text", "", "Pixa Draw 3", "", "pixa-draw-3-red.png"],
      ["g1", "Draw a red square.", "en-US", "Generation", "text", "", "Pixa Draw 2", "Here you go.", blueUri],
      ["e1", "Make the square red.", "en-US", "Editing", "image", "source.png", "Pixa Draw 3", "", "pixa-draw-3-red.png"],
      ["e1", "Make the square red.", "en-US", "Editing", "image", "source.png", "Pixa Draw 2", "", blueUri],
    ]), { promptSet: "Pictures", images: folderImages(dir) });
    const responses = await t.db.response.findMany({ where: { prompt: { externalId: "g1" } }, include: { model: true, attachments: true }, orderBy: { model: { name: "asc" } } });
    expect(responses.map((r) => [r.model.name, r.text, r.attachments.map((a) => a.byteSize)])).toEqual([
      ["Pixa Draw 2", "Here you go.", [blue.length]], ["Pixa Draw 3", "", [red.length]]]);
    // Their prompts' modality names what the responses are: generation and editing.
    const modalities = await t.db.prompt.findMany({ where: { promptSet: { name: "Pictures" } }, orderBy: { externalId: "asc" }, select: { modality: true } });
    expect(modalities.map((p) => p.modality)).toEqual(["IMAGE_TO_IMAGE", "TEXT_TO_IMAGE"]);
    // A re-import with the same pictures leaves them as they are.
    const before = (await t.db.attachment.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((a) => a.id);
    await importMaterial(t.db, path.join(dir, "gen.csv"), { promptSet: "Pictures", images: folderImages(dir) });
    expect((await t.db.attachment.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((a) => a.id)).toEqual(before);
  });

  it("refuses a response with neither text nor images, and outputs that are not images, storing nothing", async () => {
    const before = await t.db.attachment.count();
    const error = (await importMaterial(t.db, write("bad-gen.csv", [
      ["b1", "Draw", "en-US", "Generation", "text", "", "Pixa Draw 3", "", ""],
      ["b1", "Draw", "en-US", "Generation", "text", "", "Pixa Draw 2", "", "notes.txt"],
      ["b2", "Draw", "en-US", "Generation", "text", "", "Pixa Draw 2", "", "https://example.com/x.png"],
    ]), { promptSet: "Bad pictures", images: folderImages(dir) }).catch((e) => e)) as Error;
    expect(error.message).toContain("line 2, response: is missing");
    expect(error.message).toContain("line 3, response_images: notes.txt is not a PNG, JPEG, GIF or WebP image (checked by content)");
    expect(error.message).toContain('line 4, response_images: "https://example.com/x.png" is a URL');
    expect(await t.db.attachment.count()).toBe(before);
  });

  it("gives the grader both pictures and the edit's source, under neutral names, stripped of metadata", async () => {
    const [a, b] = await Promise.all(["Pixa Draw 3", "Pixa Draw 2"].map((name) => t.db.model.findUniqueOrThrow({ where: { name } })));
    const set = await t.db.promptSet.findUniqueOrThrow({ where: { name: "Pictures" } });
    const study = await makeStudy(t.db, { name: "Pictures study", type: "SIDE_BY_SIDE", modelIds: [a.id, b.id], promptSetId: set.id,
      dimensionKeys: ["overall", "prompt_alignment", "edit_faithfulness"], redundancy: 1 }, { status: "RUNNING" });
    const grader = asSessionUser(await makeUser(t.db, { role: "GRADER", locales: ["en-US"] }), ["en-US"]);
    const api = callerFor(t.db, grader);
    const byPrompt = new Map<string, Awaited<ReturnType<typeof api.grading.next>>>();
    for (let i = 0; i < 2; i++) {
      const task = (await api.grading.next({ studyId: study.id }))!;
      byPrompt.set(task.prompt.text, task);
      const payload = JSON.stringify(task);
      expect(payload).not.toMatch(/pixa/i);
      await api.grading.submit({ assignmentId: task.assignmentId, values: Object.fromEntries(task.dimensions.map((d) => [d.key, 0])), timeSpentMs: 4000 });
    }
    const generation = byPrompt.get("Draw a red square.")!;
    expect(generation.responses.map((r) => r.images.map((x) => x.alt))).toEqual([["Image 1"], ["Image 1"]]);
    expect(generation.prompt.images).toEqual([]);
    expect(generation.dimensions.map((d) => d.key)).toEqual(["overall", "prompt_alignment"]); // edit faithfulness: edits only
    const edit = byPrompt.get("Make the square red.")!;
    expect(edit.prompt.images).toHaveLength(1);
    expect(edit.dimensions.map((d) => d.key)).toEqual(["overall", "prompt_alignment", "edit_faithfulness"]);
    for (const r of edit.responses) {
      const served = (await readAttachment(t.db, grader, r.images[0].url.split("/").pop()!))!;
      expect(Buffer.from(served.data).toString("latin1")).not.toMatch(/pixa/i);
    }
  });
});
