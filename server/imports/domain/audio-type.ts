// Audio types are decided by content (magic bytes), never by file name or declared type, like images.
// The clip's duration and codec are then read by a maintained parser (read-audio-info.ts).
export const MAX_AUDIO_BYTES = 20 * 1024 * 1024;
/** Ten minutes: longer clips are not something a grader can be asked to listen to in full. */
export const MAX_AUDIO_SECONDS = 600;

export type AudioType = "audio/wav" | "audio/mpeg" | "audio/ogg" | "audio/flac" | "audio/mp4" | "audio/aac";

// ISO base media brands of audio files (iTunes M4A/M4B, and the generic ones encoders write).
const MP4_AUDIO_BRANDS = new Set(["M4A ", "M4B ", "mp42", "mp41", "isom", "iso2", "iso5", "dash"]);

export function sniffAudioType(bytes: Uint8Array): AudioType | null {
  const ascii = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  if (bytes.length < 12) return null;
  if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WAVE") return "audio/wav";
  if (ascii(0, 4) === "fLaC") return "audio/flac";
  if (ascii(0, 4) === "OggS") return "audio/ogg";
  if (ascii(4, 4) === "ftyp" && MP4_AUDIO_BRANDS.has(ascii(8, 4))) return "audio/mp4";
  if (ascii(0, 3) === "ID3") return "audio/mpeg";
  // An MPEG audio frame header: 11 sync bits, then version and layer. Layer bits 00 is ADTS (AAC).
  if (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) {
    const layer = (bytes[1] >> 1) & 0b11;
    const version = (bytes[1] >> 3) & 0b11;
    if (layer === 0 && (bytes[1] & 0xf0) === 0xf0) return "audio/aac";
    if (layer !== 0 && version !== 0b01) return "audio/mpeg";
  }
  return null;
}

export const AUDIO_FORMAT_NAMES = "WAV, MP3, OGG (Vorbis or Opus), FLAC or M4A/AAC";
