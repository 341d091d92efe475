import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseBuffer } from "music-metadata";
import { describe, expect, it } from "vitest";
import { sniffAudioType } from "../../imports/domain/audio-type";
import { oggCrc, stripAudioMetadata } from "./strip-audio-metadata";

// Each fixture was written by ffmpeg with artist, title, album and comment naming "VoxModel-Secret".
const DIR = path.resolve(import.meta.dirname, "../../../seed/fixtures/audio");
const tagged = readdirSync(DIR).filter((f) => f.startsWith("tagged."));

describe("stripAudioMetadata", () => {
  it("has a tagged fixture of every accepted container", () => {
    expect(tagged.map((f) => sniffAudioType(readFileSync(path.join(DIR, f)))).sort())
      .toEqual(["audio/flac", "audio/mp4", "audio/mpeg", "audio/ogg", "audio/ogg", "audio/wav"]);
  });

  for (const file of tagged) {
    it(`leaves no tag in ${file}, keeps its length, and it still plays as before`, async () => {
      const original = readFileSync(path.join(DIR, file));
      const mime = sniffAudioType(original)!;
      expect(original.toString("latin1")).toContain("VoxModel-Secret");
      const before = await parseBuffer(new Uint8Array(original), { mimeType: mime }, { duration: true });
      expect(before.common.artist).toBe("VoxModel-Secret");

      const served = stripAudioMetadata(original, mime);
      expect(served.length).toBe(original.length);
      expect(served.toString("latin1")).not.toContain("VoxModel");
      expect(original.toString("latin1")).toContain("VoxModel-Secret"); // the stored bytes are untouched
      const after = await parseBuffer(new Uint8Array(served), { mimeType: mime }, { duration: true });
      expect(after.common.artist).toBeUndefined();
      expect(after.common.title).toBeUndefined();
      expect(after.common.comment ?? []).toEqual([]);
      expect(after.format.duration).toBeCloseTo(before.format.duration!, 3);
      expect(after.format.codec).toBe(before.format.codec);
      expect(stripAudioMetadata(served, mime).equals(served)).toBe(true);
    });
  }

  it("keeps every Ogg page's checksum valid after blanking the comment header", () => {
    for (const file of ["tagged.ogg", "tagged.opus"]) {
      const b = stripAudioMetadata(readFileSync(path.join(DIR, file)), "audio/ogg");
      let pages = 0;
      for (let at = 0; at < b.length; pages++) {
        const body = b.subarray(at + 27, at + 27 + b[at + 26]).reduce((s, x) => s + x, 0);
        const page = Buffer.from(b.subarray(at, at + 27 + b[at + 26] + body));
        const crc = page.readUInt32LE(22);
        page.writeUInt32LE(0, 22);
        expect(oggCrc(page)).toBe(crc);
        at += page.length;
      }
      expect(pages).toBeGreaterThan(2);
    }
  });

  it("returns other types and unparseable bytes unchanged", () => {
    const junk = Buffer.from("not audio at all, just text");
    expect(stripAudioMetadata(junk, "audio/wav").equals(junk)).toBe(true);
    expect(stripAudioMetadata(junk, "application/pdf")).toBe(junk);
  });
});
