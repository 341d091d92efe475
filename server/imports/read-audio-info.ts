// A clip's duration and codec, read by music-metadata (a maintained parser of every format Verdict
// accepts), loaded only when an import carries audio so that other commands start without it.
export interface AudioInfo {
  durationMs: number;
  codec: string;
}

export async function readAudioInfo(data: Buffer, mimeType: string): Promise<AudioInfo | { problem: string }> {
  const { parseBuffer } = await import("music-metadata");
  try {
    const meta = await parseBuffer(new Uint8Array(data), { mimeType, size: data.length }, { duration: true, skipCovers: true });
    const f = meta.format;
    if (f.hasVideo) return { problem: "holds video; only audio files are accepted" };
    if (!f.duration || !Number.isFinite(f.duration) || f.duration <= 0) return { problem: "has no readable duration (is the file complete?)" };
    return { durationMs: Math.round(f.duration * 1000), codec: f.codec ?? f.container ?? mimeType };
  } catch (e) {
    return { problem: `cannot be read as ${mimeType} (${e instanceof Error ? e.message : String(e)})` };
  }
}
