// Synthesises the demo's voice clips locally (nothing is downloaded): a source–filter "voice" —
// a harmonic series at the speaking pitch, shaped by vowel formants, one syllable per beat — written
// as 16-bit mono WAV. Not speech, but clips that differ the way graded voices do: an expressive
// delivery moves its pitch and stresses syllables; a flat one drones, and a poor recording adds hiss,
// hum and clicks.
import type { Rng } from "./rng";

export const CLIP_SAMPLE_RATE = 16_000;

export interface VoiceStyle {
  /** speaking pitch in Hz */
  pitch: number;
  /** 0 (monotone) … 1 (lively): pitch movement and stress */
  expressiveness: number;
  /** 0 (clean) … 1 (noisy): hiss, mains hum and clicks */
  noise: number;
}

// First two formants (Hz) of five vowels.
const VOWELS: [number, number][] = [[730, 1090], [530, 1840], [270, 2290], [570, 840], [300, 870]];

export interface VoiceClip {
  wav: Buffer;
  durationMs: number;
}

/** A clip of `syllables` syllables (~0.2 s each) in the given style; the same rng state gives the same bytes. */
export function voiceClip(syllables: number, style: VoiceStyle, rng: Rng): VoiceClip {
  const beat = 0.2;
  const seconds = syllables * beat + 0.3;
  const n = Math.round(seconds * CLIP_SAMPLE_RATE);
  const samples = new Float64Array(n);
  const vowels = Array.from({ length: syllables }, () => rng.pick(VOWELS));
  const stress = Array.from({ length: syllables }, (_, i) => (i === 0 || rng.next() < 0.3 ? 1 + style.expressiveness * 0.6 : 1));
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / CLIP_SAMPLE_RATE;
    const k = Math.min(syllables - 1, Math.floor((t - 0.15) / beat));
    const within = (t - 0.15 - k * beat) / beat;
    if (t < 0.15 || t > 0.15 + syllables * beat) continue;
    // Intonation: a falling phrase, with rises on stressed syllables when expressive.
    const contour = 1 + style.expressiveness * (0.18 * Math.sin(2 * Math.PI * 0.8 * t) + 0.12 * (stress[k] - 1) * Math.sin(Math.PI * within) - 0.1 * t);
    const f0 = style.pitch * contour;
    phase += f0 / CLIP_SAMPLE_RATE;
    const [f1, f2] = vowels[k];
    let v = 0;
    for (let h = 1; h * f0 < 4000; h++) {
      const f = h * f0;
      const gain = Math.exp(-(((f - f1) / 120) ** 2)) + 0.6 * Math.exp(-(((f - f2) / 160) ** 2)) + 0.05 / h;
      v += gain * Math.sin(2 * Math.PI * h * phase);
    }
    // Each syllable swells and fades; stressed ones are louder.
    samples[i] = v * Math.sin(Math.PI * Math.min(1, Math.max(0, within * 1.15))) ** 2 * stress[k];
  }
  if (style.noise > 0) {
    for (let i = 0; i < n; i++) {
      const t = i / CLIP_SAMPLE_RATE;
      samples[i] += style.noise * (0.25 * rng.normal(0, 1) + 0.4 * Math.sin(2 * Math.PI * 50 * t));
    }
    for (let c = 0; c < Math.round(style.noise * 6); c++) samples[rng.int(0, n - 1)] += 4;
  }
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const pcm = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) pcm.writeInt16LE(Math.round((samples[i] / (peak || 1)) * 0.8 * 32767), i * 2);
  return { wav: wavFile(pcm), durationMs: Math.round((n / CLIP_SAMPLE_RATE) * 1000) };
}

function wavFile(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(CLIP_SAMPLE_RATE, 24);
  header.writeUInt32LE(CLIP_SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "latin1");
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
