// Images are served without the metadata that can name the model or tool that made them: PNG text
// chunks (tEXt, zTXt, iTXt) and eXIf, JPEG EXIF/XMP (APP1), IPTC (APP13) and comments, WebP EXIF
// and XMP chunks, GIF comments and XMP. Pixels, colour profiles and animation are kept. Bytes that
// do not parse as the declared type are returned unchanged (they were sniffed at import).

const PNG_DROP = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function stripPng(b: Buffer): Buffer {
  if (!b.subarray(0, 8).equals(PNG_SIGNATURE)) return b;
  const out: Buffer[] = [b.subarray(0, 8)];
  for (let at = 8; at + 12 <= b.length;) {
    const length = b.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > b.length) return b;
    const type = b.toString("latin1", at + 4, at + 8);
    if (!PNG_DROP.has(type)) out.push(b.subarray(at, end));
    at = end;
    if (type === "IEND") return Buffer.concat(out);
  }
  return b;
}

function stripJpeg(b: Buffer): Buffer {
  if (b[0] !== 0xff || b[1] !== 0xd8) return b;
  const out: Buffer[] = [b.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1];
    // Start of scan: the entropy-coded image data follows; copy the rest as it is.
    if (marker === 0xda) break;
    const length = b.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (end > b.length) return b;
    const drop = marker === 0xe1 || marker === 0xed || marker === 0xfe; // APP1 (EXIF, XMP), APP13 (IPTC), COM
    if (!drop) out.push(b.subarray(at, end));
    at = end;
  }
  out.push(b.subarray(at));
  return Buffer.concat(out);
}

function stripWebp(b: Buffer): Buffer {
  if (b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return b;
  const chunks: Buffer[] = [];
  for (let at = 12; at + 8 <= b.length;) {
    const fourcc = b.toString("latin1", at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > b.length) return b;
    if (fourcc !== "EXIF" && fourcc !== "XMP ") {
      const chunk = Buffer.from(b.subarray(at, end));
      // VP8X announces EXIF (0x08) and XMP (0x04) in its flags: clear them with the chunks.
      if (fourcc === "VP8X") chunk[8] &= ~0x0c;
      chunks.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(4 + body.length, 4);
  header.write("WEBP", 8, "latin1");
  return Buffer.concat([header, body]);
}

function skipSubBlocks(b: Buffer, at: number): number {
  while (at < b.length && b[at] !== 0) at += b[at] + 1;
  return at + 1;
}

function stripGif(b: Buffer): Buffer {
  if (b.toString("latin1", 0, 3) !== "GIF") return b;
  const flags = b[10];
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const out: Buffer[] = [b.subarray(0, at)];
  while (at < b.length) {
    const start = at;
    if (b[at] === 0x3b) { out.push(b.subarray(at, at + 1)); break; }
    if (b[at] === 0x21) {
      const label = b[at + 1];
      const appId = label === 0xff ? b.toString("latin1", at + 3, at + 14) : "";
      at = skipSubBlocks(b, at + 2);
      // Comments and XMP go; graphic control, plain text and NETSCAPE looping stay.
      if (label !== 0xfe && !(label === 0xff && appId.startsWith("XMP"))) out.push(b.subarray(start, at));
      continue;
    }
    if (b[at] === 0x2c) {
      const local = b[at + 9];
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      at = skipSubBlocks(b, at + 1); // LZW minimum code size, then the image data
      out.push(b.subarray(start, at));
      continue;
    }
    return b;
  }
  return Buffer.concat(out);
}

export function stripImageMetadata(data: Buffer, mimeType: string): Buffer {
  try {
    if (mimeType === "image/png") return stripPng(data);
    if (mimeType === "image/jpeg") return stripJpeg(data);
    if (mimeType === "image/webp") return stripWebp(data);
    if (mimeType === "image/gif") return stripGif(data);
  } catch {
    return data;
  }
  return data;
}
