// Audio is served without the tags that can name the model or tool that made it: ID3v2/ID3v1 and
// APE tags (MP3, AAC), Vorbis comments and vendor strings (Ogg Vorbis and Opus, FLAC), FLAC
// pictures and application blocks, RIFF INFO/id3/bext chunks (WAV) and iTunes/udta/meta atoms
// (M4A). Every change is made in place on a copy and keeps the file's length: a tag becomes
// padding (or a JUNK/free chunk of the same size), so byte offsets inside the file and HTTP Range
// requests against the served length stay valid. Bytes that do not parse are returned unchanged
// (they were sniffed and read by a parser at import).

function stripWav(b: Buffer): void {
  if (b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WAVE") return;
  // Only what playback needs is kept; every other chunk (LIST/INFO, id3, bext, iXML, …) becomes JUNK.
  const keep = new Set(["fmt ", "data", "fact"]);
  for (let at = 12; at + 8 <= b.length;) {
    const id = b.toString("latin1", at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const end = Math.min(b.length, at + 8 + size);
    if (!keep.has(id)) {
      b.write("JUNK", at, "latin1");
      b.fill(0, at + 8, end);
    }
    at = at + 8 + size + (size % 2);
  }
}

function stripFlac(b: Buffer): void {
  if (b.toString("latin1", 0, 4) !== "fLaC") return;
  for (let at = 4; at + 4 <= b.length;) {
    const last = b[at] & 0x80;
    const type = b[at] & 0x7f;
    const length = b.readUIntBE(at + 1, 3);
    // STREAMINFO (0) and SEEKTABLE (3) are kept; comments, pictures, application data and cue sheets become PADDING (1).
    if (type !== 0 && type !== 3 && type !== 1) {
      b[at] = last | 1;
      b.fill(0, at + 4, Math.min(b.length, at + 4 + length));
    }
    if (last) return;
    at += 4 + length;
  }
}

const OGG_CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();

export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ page[i]) & 0xff]) >>> 0;
  return crc >>> 0;
}

interface OggPage { start: number; end: number; serial: number; segments: number[]; bodyStart: number }

function oggPages(b: Buffer): OggPage[] | null {
  const pages: OggPage[] = [];
  for (let at = 0; at < b.length;) {
    if (at + 27 > b.length || b.toString("latin1", at, at + 4) !== "OggS") return null;
    const count = b[at + 26];
    const segments = [...b.subarray(at + 27, at + 27 + count)];
    const bodyStart = at + 27 + count;
    const end = bodyStart + segments.reduce((s, x) => s + x, 0);
    if (end > b.length) return null;
    pages.push({ start: at, end, serial: b.readUInt32LE(at + 14), segments, bodyStart });
    at = end;
  }
  return pages;
}

/** Ogg Vorbis and Opus: each logical stream's second packet (its comment header) is blanked to the same length. */
function stripOgg(b: Buffer): void {
  const pages = oggPages(b);
  if (!pages) return;
  // Per logical stream: the byte positions of its second packet, which may span pages.
  const packetIndex = new Map<number, number>();
  const commentBytes = new Map<number, number[]>();
  const touched = new Set<OggPage>();
  for (const page of pages) {
    let at = page.bodyStart;
    for (const lacing of page.segments) {
      const index = packetIndex.get(page.serial) ?? 0;
      if (index === 1) {
        const list = commentBytes.get(page.serial) ?? [];
        for (let i = 0; i < lacing; i++) list.push(at + i);
        commentBytes.set(page.serial, list);
        touched.add(page);
      }
      at += lacing;
      if (lacing < 255) packetIndex.set(page.serial, index + 1);
    }
  }
  for (const positions of commentBytes.values()) {
    const packet = Buffer.from(positions.map((p) => b[p]));
    const vorbis = packet[0] === 0x03 && packet.toString("latin1", 1, 7) === "vorbis";
    const opus = packet.toString("latin1", 0, 8) === "OpusTags";
    if (!vorbis && !opus) continue;
    // header, vendor length, vendor (spaces), comment count 0, and Vorbis' framing bit.
    const header = vorbis ? 7 : 8;
    const vendor = packet.length - header - 8 - (vorbis ? 1 : 0);
    if (vendor < 0) continue;
    const blank = Buffer.alloc(packet.length, 0x20);
    packet.copy(blank, 0, 0, header);
    blank.writeUInt32LE(vendor, header);
    blank.writeUInt32LE(0, header + 4 + vendor);
    if (vorbis) blank[packet.length - 1] = 1;
    positions.forEach((p, i) => { b[p] = blank[i]; });
  }
  for (const page of touched) {
    b.writeUInt32LE(0, page.start + 22);
    b.writeUInt32LE(oggCrc(b.subarray(page.start, page.end)), page.start + 22);
  }
}

/** ID3v2 at the start (frames become padding), ID3v1 at the end, APEv2 before it: MP3 and ADTS AAC. */
function stripMpeg(b: Buffer): void {
  if (b.toString("latin1", 0, 3) === "ID3" && b.length >= 10) {
    const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f);
    // No extended header, unsynchronisation or footer flags: the tag is then all padding.
    b[5] = 0;
    b.fill(0, 10, Math.min(b.length, 10 + size));
  }
  let end = b.length;
  if (end >= 128 && b.toString("latin1", end - 128, end - 125) === "TAG") {
    b.fill(0, end - 125, end);
    b[end - 1] = 0xff; // genre: none
    end -= 128;
  }
  if (end >= 32 && b.toString("latin1", end - 32, end - 24) === "APETAGEX") {
    const size = b.readUInt32LE(end - 20); // items and footer, not the header
    const hasHeader = (b.readUInt32LE(end - 12) & 0x80000000) !== 0;
    const start = Math.max(0, end - size - (hasHeader ? 32 : 0));
    b.fill(0, start, end);
  }
}

const MP4_CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "edts", "dinf"]);
const MP4_METADATA = new Set(["udta", "meta", "uuid", "ilst", "XMP_"]);

function stripMp4(b: Buffer, from = 0, to = b.length): void {
  for (let at = from; at + 8 <= to;) {
    let size = b.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(b.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) return;
    const type = b.toString("latin1", at + 4, at + 8);
    if (MP4_METADATA.has(type)) {
      b.write("free", at + 4, "latin1");
      b.fill(0, at + header, at + size);
    } else if (MP4_CONTAINERS.has(type)) stripMp4(b, at + header, at + size);
    at += size;
  }
}

export function stripAudioMetadata(data: Buffer, mimeType: string): Buffer {
  const b = Buffer.from(data); // a copy: the stored bytes are never changed
  try {
    if (mimeType === "audio/wav") stripWav(b);
    else if (mimeType === "audio/flac") stripFlac(b);
    else if (mimeType === "audio/ogg") stripOgg(b);
    else if (mimeType === "audio/mpeg" || mimeType === "audio/aac") stripMpeg(b);
    else if (mimeType === "audio/mp4") stripMp4(b);
    else return data;
  } catch {
    // Malformed past what was checked: what was blanked so far stays blank (never the tags back).
  }
  return b;
}
