// Where a material import may read images from. A browser upload never makes the server read a
// path of its own disk (it could import, then download, any PNG on the server, tell which paths
// exist, or hang on a FIFO): images come inside a .zip bundle. The CLI reads the material file's
// folder, but only regular files and never past the size limit.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Canvas } from "../../seed/png";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { folderImages, NO_IMAGE_FILES } from "./image-source";
import { importMaterial } from "./import-material";
import { openBundle } from "./upload-bundle";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-uploads-"));
const png = new Canvas(6, 6, [10, 120, 10]).toPng();
const serverPng = path.join(dir, "secret-on-server.png");
writeFileSync(serverPng, png);
const HEADER = ["prompt_id", "prompt", "locale", "category", "modality", "images", "model", "response"];
const rowsNaming = (ref: string) => [HEADER, ["v1", "What is shown?", "en-US", "Vision", "image", ref, "Alpha", "A square."]];
const enc = (s: string) => new TextEncoder().encode(s);

describe("images of uploaded material", () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase("sqlite"); });
  afterAll(async () => t?.drop());

  const refusal = async (file: string, images: Parameters<typeof importMaterial>[2]["images"]) =>
    ((await importMaterial(t.db, file, { promptSet: "Upload", images, displayName: "upload.csv" }).catch((e) => e)) as Error).message;

  it("a single uploaded file never reads the server's disk, and does not tell which paths exist", async () => {
    const messages = [];
    for (const ref of [serverPng, path.relative(dir, serverPng), "../../etc/hostname", "/no/such/file.png", "/dev/zero"]) {
      const file = path.join(dir, "single.csv");
      writeFileSync(file, stringify(rowsNaming(ref)));
      const m = await refusal(file, NO_IMAGE_FILES);
      expect(m).toContain("upload.csv: 1 problem; nothing was imported.");
      messages.push(m.replace(ref, "REF"));
    }
    // The same words whether the path exists, is a device, or is nothing at all.
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toContain("upload a .zip with the material file and its images");
    expect(await t.db.attachment.count()).toBe(0);
  });

  it("a bundle carries its images by path inside it, and imports them", async () => {
    const zip = zipSync({ "set/material.csv": enc(stringify([HEADER, ["v2", "Which colour?", "en-US", "Vision", "image", "img/square.png", "Alpha", "Green."]])), "set/img/square.png": png });
    const opened = openBundle(zip, "set.zip");
    expect(opened.displayName).toBe("set.zip › set/material.csv");
    const file = path.join(dir, "bundled.csv");
    writeFileSync(file, opened.material.data);
    await importMaterial(t.db, file, { promptSet: "Bundled", images: opened.images, displayName: opened.displayName });
    expect(await t.db.attachment.findFirstOrThrow({ where: { prompt: { externalId: "v2" } } })).toMatchObject({ fileName: "square.png", byteSize: png.length });
  });

  it("a bundle carries voices' clips too, checked like the CLI's", async () => {
    const wav = readFileSync(path.resolve(import.meta.dirname, "../../seed/fixtures/audio/tagged.wav"));
    const header = ["prompt_id", "prompt", "locale", "category", "modality", "model", "response", "response_audio"];
    const zip = zipSync({ "voices/material.csv": enc(stringify([header, ["a1", "Read: hello.", "en-US", "Reading", "text", "Vox", "", "clips/a1.wav"],
      ["a2", "Read: bye.", "en-US", "Reading", "text", "Vox", "", "clips/fake.wav"]])), "voices/clips/a1.wav": wav, "voices/clips/fake.wav": enc("RIFF but not audio") });
    const opened = openBundle(zip, "voices.zip");
    const file = path.join(dir, "voices.csv");
    writeFileSync(file, opened.material.data);
    const message = ((await importMaterial(t.db, file, { promptSet: "Voices", images: opened.images, displayName: opened.displayName }).catch((e) => e)) as Error).message;
    expect(message).toContain("line 3, response_audio: fake.wav is not WAV, MP3, OGG (Vorbis or Opus), FLAC or M4A/AAC audio (checked by content)");
    expect(await t.db.promptSet.count({ where: { name: "Voices" } })).toBe(0);
  });

  it("a bundle cannot reach outside itself: .. and absolute paths are refused, as are missing images", async () => {
    const csv = (ref: string) => enc(stringify(rowsNaming(ref)));
    for (const [ref, expected] of [[serverPng, "is an absolute path"], ["../secret-on-server.png", "leaves the bundle"], ["other.png", "is not in the uploaded bundle"]]) {
      const opened = openBundle(zipSync({ "m.csv": csv(ref), "square.png": png }), "b.zip");
      const file = path.join(dir, "b.csv");
      writeFileSync(file, opened.material.data);
      expect(await refusal(file, opened.images)).toContain(expected);
    }
    expect(() => openBundle(zipSync({ "../escape.csv": csv("x.png") }), "evil.zip")).toThrow(/evil.zip: entry .* leaves the bundle/);
    expect(() => openBundle(zipSync({ "a.csv": csv("x.png"), "b.csv": csv("x.png") }), "two.zip")).toThrow("needs exactly one material file");
    expect(() => openBundle(enc("not a zip"), "junk.zip")).toThrow("junk.zip: not a readable .zip file");
  });

  it("the CLI reads only regular files, and never past the size limit", async () => {
    const fifo = path.join(dir, "pipe.png");
    execFileSync("mkfifo", [fifo]);
    const huge = path.join(dir, "huge.png");
    writeFileSync(huge, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    const cases: [string, string][] = [[fifo, "pipe.png is not a regular file"], ["/dev/zero", "/dev/zero is not a regular file"], [huge, "is larger than 10 MB"], [dir, "is not a regular file"]];
    for (const [ref, expected] of cases) {
      const file = path.join(dir, "cli.csv");
      writeFileSync(file, stringify(rowsNaming(ref)));
      expect(await refusal(file, folderImages(dir))).toContain(expected);
    }
  });
});
