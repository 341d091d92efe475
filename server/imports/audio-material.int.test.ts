// Audio as material: voices' clips as responses and spoken prompts, imported from files or data:
// URIs (checked by content, length read by a parser, limits enforced), stored per response, handed
// to the grader by opaque URL without names or tags, and sliced as text→audio in reports.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy, makeUser } from "../../seed/factories";
import { DEFAULT_BOOTSTRAP } from "../analytics/domain/bootstrap";
import { studyReport } from "../analytics/service";
import { readAttachment } from "../attachments/service";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { folderImages } from "./image-source";
import { importJudgments } from "./import-judgments";
import { importMaterial } from "./import-material";

const FIXTURES = path.resolve(import.meta.dirname, "../../seed/fixtures/audio");
const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-audio-"));
const HEADER = ["prompt_id", "prompt", "locale", "category", "modality", "audio", "model", "response", "response_audio"];
// Named after the voice that made it, and tagged with that name inside: neither may reach a grader.
copyFileSync(path.join(FIXTURES, "tagged.wav"), path.join(dir, "voxmodel-secret.wav"));
copyFileSync(path.join(FIXTURES, "tagged.mp3"), path.join(dir, "question.mp3"));
const oggUri = `data:audio/ogg;base64,${readFileSync(path.join(FIXTURES, "tagged.opus")).toString("base64")}`;
writeFileSync(path.join(dir, "notes.txt"), "not audio");
writeFileSync(path.join(dir, "truncated.wav"), readFileSync(path.join(FIXTURES, "tagged.wav")).subarray(0, 20));

/** A silent 8-bit mono WAV lasting `seconds` at 1 kHz: small, but longer than graders may be asked to hear. */
function longWav(seconds: number): Buffer {
  const data = Buffer.alloc(seconds * 1000, 128);
  const h = Buffer.alloc(44);
  h.write("RIFF", 0, "latin1"); h.writeUInt32LE(36 + data.length, 4); h.write("WAVEfmt ", 8, "latin1");
  h.writeUInt32LE(16, 16); h.writeUInt16LE(1, 20); h.writeUInt16LE(1, 22); h.writeUInt32LE(1000, 24); h.writeUInt32LE(1000, 28);
  h.writeUInt16LE(1, 32); h.writeUInt16LE(8, 34); h.write("data", 36, "latin1"); h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
writeFileSync(path.join(dir, "long.wav"), longWav(601));

function write(name: string, rows: string[][], header = HEADER) {
  const file = path.join(dir, name);
  writeFileSync(file, stringify([header, ...rows]));
  return file;
}

describe.each(await testEngines())("audio material on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t.drop());

  it("stores each voice's clip with its length; prompts become text→audio, a spoken question audio", async () => {
    await importMaterial(t.db, write("voices.csv", [
      ["v1", "Read this cheerfully: good morning!", "en-US", "Reading", "text", "", "VoxModel Secret", "", "voxmodel-secret.wav"],
      ["v1", "Read this cheerfully: good morning!", "en-US", "Reading", "text→audio", "", "Vox Old", "", oggUri],
      ["q1", "(spoken question)", "en-US", "Questions", "audio", "question.mp3", "VoxModel Secret", "It is 8:15.", ""],
      ["q1", "(spoken question)", "en-US", "Questions", "audio", "question.mp3", "Vox Old", "Eight.", ""],
    ]), { promptSet: "Voices", images: folderImages(dir) });
    const prompts = await t.db.prompt.findMany({ orderBy: { externalId: "asc" }, select: { externalId: true, modality: true } });
    expect(prompts).toEqual([{ externalId: "q1", modality: "AUDIO" }, { externalId: "v1", modality: "TEXT_TO_AUDIO" }]);
    const clips = await t.db.attachment.findMany({ where: { response: { prompt: { externalId: "v1" } } }, orderBy: { mimeType: "asc" }, select: { mimeType: true, durationMs: true } });
    expect(clips).toEqual([{ mimeType: "audio/ogg", durationMs: 600 }, { mimeType: "audio/wav", durationMs: 600 }]);
    const question = await t.db.attachment.findFirstOrThrow({ where: { prompt: { externalId: "q1" } }, select: { mimeType: true, durationMs: true } });
    expect(question.mimeType).toBe("audio/mpeg");
    expect(question.durationMs).toBeGreaterThan(500);
  });

  it("refuses what is not audio, too long, unreadable or in the wrong place, and stores nothing", async () => {
    const before = await t.db.attachment.count();
    const error = (await importMaterial(t.db, write("bad-voices.csv", [
      ["b1", "Read", "en-US", "Reading", "text", "", "Vox A", "", "notes.txt"],
      ["b2", "Read", "en-US", "Reading", "text", "", "Vox A", "", "long.wav"],
      ["b3", "Read", "en-US", "Reading", "text", "", "Vox A", "", "truncated.wav"],
      ["b4", "Read", "en-US", "Reading", "text", "question.mp3", "Vox A", "Fine.", ""],
      ["b5", "Read", "en-US", "Reading", "text→audio", "", "Vox A", "Only text.", ""],
      ["b6", "Read", "en-US", "Reading", "audio", "", "Vox A", "An answer.", ""],
    ]), { promptSet: "Bad voices", images: folderImages(dir) }).catch((e) => e)) as Error;
    expect(error.message).toContain("line 2, response_audio: notes.txt is not WAV, MP3, OGG (Vorbis or Opus), FLAC or M4A/AAC audio (checked by content)");
    expect(error.message).toContain("line 3, response_audio: long.wav lasts 601 s; at most 10 minutes");
    expect(error.message).toMatch(/line 4, response_audio: truncated\.wav (has no readable duration|cannot be read)/);
    expect(error.message).toContain("line 5, audio: a text prompt has no audio; use modality audio");
    expect(error.message).toContain("line 6, modality: says the responses are audio, but response_audio is empty");
    expect(error.message).toContain("line 7, audio: audio prompt b6 has no audio");
    expect(await t.db.attachment.count()).toBe(before);
    expect(await t.db.promptSet.count({ where: { name: "Bad voices" } })).toBe(0);
  });

  it("gives the grader both clips by opaque URL with their lengths, the voice dimensions, and bytes without tags", async () => {
    const [a, b] = await Promise.all(["VoxModel Secret", "Vox Old"].map((name) => t.db.model.findUniqueOrThrow({ where: { name } })));
    const set = await t.db.promptSet.findUniqueOrThrow({ where: { name: "Voices" } });
    const study = await makeStudy(t.db, { name: "Voices study", type: "SIDE_BY_SIDE", modelIds: [a.id, b.id], promptSetId: set.id, requireFullListen: true,
      dimensionKeys: ["overall", "naturalness", "presentation"], redundancy: 1 }, { status: "RUNNING" });
    const grader = asSessionUser(await makeUser(t.db, { role: "GRADER", locales: ["en-US"] }), ["en-US"]);
    const api = callerFor(t.db, grader);
    const tasks = [];
    for (let i = 0; i < 2; i++) {
      const task = (await api.grading.next({ studyId: study.id }))!;
      tasks.push(task);
      expect(JSON.stringify(task)).not.toMatch(/voxmodel|secret|\.wav|\.mp3/i);
      await api.grading.submit({ assignmentId: task.assignmentId, values: Object.fromEntries(task.dimensions.map((d) => [d.key, 1])), timeSpentMs: 4000 });
    }
    const voice = tasks.find((x) => x.prompt.audio.length === 0)!;
    expect(voice.study.requireFullListen).toBe(true);
    expect(voice.dimensions.map((d) => d.key)).toEqual(["overall", "naturalness"]); // presentation judges text
    expect(voice.responses.map((r) => r.audio.map((c) => c.durationMs))).toEqual([[600], [600]]);
    for (const r of voice.responses) {
      const served = (await readAttachment(t.db, grader, r.audio[0].url.split("/").pop()!))!;
      expect(served.inline).toBe(true);
      expect(Buffer.from(served.data).toString("latin1")).not.toMatch(/voxmodel/i);
    }
    const spoken = tasks.find((x) => x.prompt.audio.length === 1)!;
    expect(spoken.dimensions.map((d) => d.key)).toEqual(["overall", "presentation"]); // text answers to a spoken question
    // Another grader holds no task with these clips and gets nothing.
    const stranger = asSessionUser(await makeUser(t.db, { role: "GRADER", locales: ["en-US"] }), ["en-US"]);
    expect(await readAttachment(t.db, stranger, voice.responses[0].audio[0].url.split("/").pop()!)).toBeNull();
    // The report slices by the new modalities.
    const report = await studyReport(t.db, { id: study.id }, DEFAULT_BOOTSTRAP);
    expect(new Set(report.rows.map((r) => r.slice).filter((s) => s.startsWith("modality=")))).toEqual(new Set(["modality=audio", "modality=text→audio"]));
  });

  it("imports judgments whose modality names the responses' kind", async () => {
    const file = write("judgments.csv", [
      ["Imported voices", "side_by_side", "p1", "en-US", "Reading", "text->audio", "g1", "naturalness", "Vox A", "Vox B", "2", "", ""],
      ["Imported voices", "side_by_side", "p2", "en-US", "Reading", "text→image", "g1", "overall", "Vox A", "Vox B", "-1", "", ""],
    ], ["study", "type", "prompt_id", "locale", "category", "modality", "grader", "dimension", "model_a", "model_b", "preference", "model", "score"]);
    await importJudgments(t.db, file);
    const prompts = await t.db.prompt.findMany({ where: { promptSet: { name: "Imported voices (imported)" } }, orderBy: { externalId: "asc" }, select: { modality: true } });
    expect(prompts.map((p) => p.modality)).toEqual(["TEXT_TO_AUDIO", "TEXT_TO_IMAGE"]);
  });
});
