import { parseBuffer } from "music-metadata";
import { describe, expect, it } from "vitest";
import { sniffAudioType } from "../server/imports/domain/audio-type";
import { createRng } from "./rng";
import { CLIP_SAMPLE_RATE, voiceClip } from "./voice-clip";

const lively = { pitch: 190, expressiveness: 1, noise: 0 };
const flat = { pitch: 190, expressiveness: 0, noise: 0.6 };

describe("voiceClip", () => {
  it("writes a WAV that a parser reads with the stated duration", async () => {
    const clip = voiceClip(8, lively, createRng(1));
    expect(sniffAudioType(clip.wav)).toBe("audio/wav");
    expect(clip.durationMs).toBe(1900);
    const meta = await parseBuffer(new Uint8Array(clip.wav), { mimeType: "audio/wav" }, { duration: true });
    expect(meta.format.sampleRate).toBe(CLIP_SAMPLE_RATE);
    expect(meta.format.numberOfChannels).toBe(1);
    expect(Math.round(meta.format.duration! * 1000)).toBe(clip.durationMs);
  });

  it("is deterministic for a seed and differs between seeds", () => {
    expect(voiceClip(5, lively, createRng(7)).wav.equals(voiceClip(5, lively, createRng(7)).wav)).toBe(true);
    expect(voiceClip(5, lively, createRng(7)).wav.equals(voiceClip(5, lively, createRng(8)).wav)).toBe(false);
  });

  it("sounds different by style: a noisy recording is not silent between syllables, a clean one is", () => {
    const quietStart = (wav: Buffer) => Math.max(...Array.from({ length: 800 }, (_, i) => Math.abs(wav.readInt16LE(44 + i * 2))));
    expect(quietStart(voiceClip(6, lively, createRng(2)).wav)).toBe(0);
    expect(quietStart(voiceClip(6, flat, createRng(2)).wav)).toBeGreaterThan(1000);
    expect(voiceClip(6, lively, createRng(3)).wav.equals(voiceClip(6, { ...lively, expressiveness: 0 }, createRng(3)).wav)).toBe(false);
  });
});
