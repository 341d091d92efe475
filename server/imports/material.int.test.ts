import { parse } from "csv-parse/sync";
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Canvas } from "../../seed/png";
import { makeStudy, makeUser } from "../../seed/factories";
import { isCompactId } from "../db/compact-id";
import { exportJudgmentsCsv } from "../exports/service";
import { callerFor, asSessionUser } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { folderImages } from "./image-source";
import { importMaterial } from "./import-material";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-material-"));
const png = new Canvas(8, 8, [200, 10, 10]).toPng();
writeFileSync(path.join(dir, "chart.png"), png);
writeFileSync(path.join(dir, "fake.png"), "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>");
// A real PNG signature, one byte over the limit: refused by size before anything else.
writeFileSync(path.join(dir, "huge.png"), Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]));
const HEADER = ["prompt_id", "prompt", "locale", "category", "modality", "images", "model", "response"];
const TRICKY = '=cmd|"/c calc"!A1, with "quotes"\nand a second line';
const csv = (rows: string[][]) => stringify([HEADER, ...rows]);

function writeCsv(name: string, rows: string[][]) {
  const file = path.join(dir, name);
  writeFileSync(file, csv(rows));
  return file;
}

const GOOD = [
  ["t1", TRICKY, "en-US", "Writing", "text", "", "Alpha 1", "+1 alpha answer"],
  ["t1", TRICKY, "en-US", "Writing", "text", "", "Beta 2", "beta answer"],
  ["i1", "What colour is the square?", "ja-JP", "Vision", "image", "chart.png", "Alpha 1", "Red."],
  ["i1", "What colour is the square?", "ja-JP", "Vision", "image", "chart.png", "Beta 2", "Blue."],
  ["i2", "And this one?", "ja-JP", "Vision", "image", `data:image/png;base64,${png.toString("base64")}`, "Alpha 1", "Red too."],
  ["i2", "And this one?", "ja-JP", "Vision", "image", "", "Beta 2", "Also red."],
];

describe.each(await testEngines())("study material import on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t.drop());

  it("creates prompts, images, models and responses, and a re-import duplicates nothing", async () => {
    const file = writeCsv("material.csv", GOOD);
    const summary = await importMaterial(t.db, file, { promptSet: "Material", images: folderImages(dir) });
    expect(summary).toEqual({ promptSet: "Material", rows: 6, prompts: 3, models: ["Alpha 1", "Beta 2"] });
    const count = async () => [await t.db.prompt.count(), await t.db.response.count(), await t.db.attachment.count(), await t.db.model.count()];
    expect(await count()).toEqual([3, 6, 2, 2]);
    // Under compact ids (server/db/id-blocks.ts), in the order the file gave them.
    const prompts = await t.db.prompt.findMany({ select: { id: true, externalId: true, responses: { select: { id: true } } } });
    expect(prompts.flatMap((p) => [p.id, ...p.responses.map((r) => r.id)]).filter((id) => !isCompactId(id) || id.length > 8)).toEqual([]);
    expect(prompts.sort((a, b) => (a.id < b.id ? -1 : 1)).map((p) => p.externalId)).toEqual(["t1", "i1", "i2"]);
    const image = await t.db.attachment.findFirstOrThrow({ where: { prompt: { externalId: "i1" } } });
    expect(image).toMatchObject({ mimeType: "image/png", fileName: "chart.png", byteSize: png.length });
    expect((await t.db.prompt.findFirstOrThrow({ where: { externalId: "t1" } })).text).toBe(TRICKY);
    expect((await t.db.locale.findUniqueOrThrow({ where: { code: "ja-JP" } })).region).toBe("Unassigned");

    const changed = GOOD.map((r) => (r[0] === "i1" && r[6] === "Beta 2" ? [...r.slice(0, 7), "Red, actually."] : r));
    await importMaterial(t.db, writeCsv("material2.csv", changed), { promptSet: "Material", images: folderImages(dir) });
    expect(await count()).toEqual([3, 6, 2, 2]);
    expect(await t.db.response.count({ where: { text: "Red, actually." } })).toBe(1);
    // Each response's style (for the leaderboard) is measured when its text is written, and again when it changes.
    expect(await t.db.response.findFirstOrThrow({ where: { text: "Red, actually." } })).toMatchObject({ styleLength: 14, styleHeaders: 0, styleListItems: 0, styleBold: 0 });
    expect(await t.db.response.count({ where: { styleLength: null } })).toBe(0);
  });

  it("rejects bad material with line numbers and stores nothing", async () => {
    const before = [await t.db.prompt.count(), await t.db.response.count(), await t.db.promptSet.count()];
    const file = writeCsv("bad.csv", [
      ["b1", "Look", "en-US", "Vision", "image", "fake.png", "Alpha 1", "x"],
      ["b2", "Look", "en-US", "Vision", "image", "https://example.com/cat.png", "Alpha 1", "x"],
      ["b3", "Text", "en-US", "Writing", "text", "chart.png", "Alpha 1", "x"],
      ["b4", "Text", "en-US", "Writing", "text", "", "Alpha 1", "x"],
      ["b4", "Text", "en-US", "Writing", "text", "", "Alpha 1", "y"],
      ["b5", "", "en_US", "Writing", "text", "", "", "x"],
      ["b6", "Look", "en-US", "Vision", "image", "huge.png", "Alpha 1", "x"],
    ]);
    const error = (await importMaterial(t.db, file, { promptSet: "Bad", images: folderImages(dir) }).catch((e) => e)) as Error;
    expect(error.message).toContain("nothing was imported");
    expect(error.message).toContain("line 2, images: fake.png is not a PNG, JPEG, GIF or WebP image (checked by content)");
    expect(error.message).toContain("line 3, images: \"https://example.com/cat.png\" is a URL");
    expect(error.message).toContain("line 4, images: a text prompt has no images");
    expect(error.message).toContain("line 6, model: prompt b4 already has a response from Alpha 1");
    expect(error.message).toContain("line 7, prompt: is missing");
    expect(error.message).toContain('line 7, locale: "en_US" is not a BCP 47 tag');
    expect(error.message).toContain("line 7, model: is missing");
    expect(error.message).toContain("line 8, images: huge.png is larger than 10 MB");
    expect([await t.db.prompt.count(), await t.db.response.count(), await t.db.promptSet.count()]).toEqual(before);
  });

  it("exports raw judgments as CSV: quoted, formula-safe text, numbers untouched", async () => {
    const researcher = asSessionUser(await makeUser(t.db, { role: "RESEARCHER" }));
    const grader = await makeUser(t.db, { role: "GRADER", locales: ["en-US"] });
    const [alpha, beta] = await Promise.all(["Alpha 1", "Beta 2"].map((name) => t.db.model.findUniqueOrThrow({ where: { name } })));
    const set = await t.db.promptSet.findUniqueOrThrow({ where: { name: "Material" } });
    const study = await makeStudy(t.db, { name: "Export check", type: "SIDE_BY_SIDE", modelIds: [alpha.id, beta.id], promptSetId: set.id,
      dimensionKeys: ["overall"], redundancy: 1, filters: { locales: ["en-US"] } }, { createdById: researcher.id, status: "RUNNING" });
    const api = callerFor(t.db, asSessionUser(grader, ["en-US"]));
    const task = (await api.grading.next({ studyId: study.id }))!;
    await api.grading.submit({ assignmentId: task.assignmentId, values: { overall: 2 }, comment: '@SUM(1,2) and "more", here', timeSpentMs: 1234 });

    const out = path.join(dir, `export-${engine}.csv`);
    const rows = await exportJudgmentsCsv(t.db, "Export check", createWriteStream(out));
    expect(rows).toBe(1);
    const [record] = parse(readFileSync(out, "utf8"), { columns: true }) as Record<string, string>[];
    expect(record.prompt).toBe(`'${TRICKY}`);
    expect(record.comment).toBe(`'@SUM(1,2) and "more", here`);
    expect(record.preference).toMatch(/^-?2$/);
    expect(record.time_spent_ms).toBe("1234");
    expect(record.model_a).toBe("Alpha 1");
    expect(record.model_b).toBe("Beta 2");
    expect(record.grader).toMatch(/^g-[0-9a-f]{12}$/);
    expect(record.grader).not.toContain(grader.id);
    expect(["left", "right"]).toContain(record.side_shown_candidate);
    expect(Number(record.preference)).toBe(record.side_shown_candidate === "right" ? 2 : -2);
    await expect(exportJudgmentsCsv(t.db, "No such study", createWriteStream(path.join(dir, "none.csv")))).rejects.toThrow('No study named "No such study".');
  });
});
