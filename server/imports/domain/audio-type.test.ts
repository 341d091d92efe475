import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sniffAudioType } from "./audio-type";

const fixture = (f: string) => readFileSync(path.resolve(import.meta.dirname, "../../../seed/fixtures/audio", f));

describe("audio type sniffing", () => {
  it("recognises each accepted format by its bytes, whatever the name", () => {
    expect(sniffAudioType(fixture("tagged.wav"))).toBe("audio/wav");
    expect(sniffAudioType(fixture("tagged.mp3"))).toBe("audio/mpeg");
    expect(sniffAudioType(fixture("tagged.ogg"))).toBe("audio/ogg");
    expect(sniffAudioType(fixture("tagged.opus"))).toBe("audio/ogg");
    expect(sniffAudioType(fixture("tagged.flac"))).toBe("audio/flac");
    expect(sniffAudioType(fixture("tagged.m4a"))).toBe("audio/mp4");
    expect(sniffAudioType(fixture("plain.aac"))).toBe("audio/aac");
    // An MP3 without an ID3 tag starts with a frame header.
    expect(sniffAudioType(Uint8Array.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("audio/mpeg");
  });

  it("refuses images, video containers, text and truncated files", () => {
    expect(sniffAudioType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBeNull();
    expect(sniffAudioType(Buffer.from("\0\0\0\x18ftypqt  \0\0\0\0"))).toBeNull();
    expect(sniffAudioType(Buffer.from("<html><body>not audio</body></html>"))).toBeNull();
    expect(sniffAudioType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBeNull();
    expect(sniffAudioType(Buffer.from("fLa"))).toBeNull();
  });
});
