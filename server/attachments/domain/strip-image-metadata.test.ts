import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Canvas } from "../../../seed/png";
import { stripImageMetadata } from "./strip-image-metadata";

const SECRET = "Lumen Image 2026";

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
}

/** A real PNG with text chunks inserted before IEND. */
function pngWithText(): Buffer {
  const png = new Canvas(4, 4, [1, 2, 3]).toPng();
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk("tEXt", Buffer.from(`Software\0${SECRET}`)), pngChunk("iTXt", Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0<x>${SECRET}</x>`)),
    pngChunk("zTXt", Buffer.concat([Buffer.from("Comment\0\0"), deflateSync(SECRET)])), png.subarray(iend)]);
}

const segment = (marker: number, payload: string) => {
  const body = Buffer.from(payload, "latin1");
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

describe("image metadata stripping", () => {
  it("drops PNG text chunks and keeps every other chunk byte for byte", () => {
    const original = new Canvas(4, 4, [1, 2, 3]).toPng();
    const stripped = stripImageMetadata(pngWithText(), "image/png");
    expect(stripped.includes(SECRET)).toBe(false);
    expect(stripped.equals(original)).toBe(true);
  });

  it("drops JPEG EXIF, XMP, IPTC and comments, keeping JFIF, the colour profile and the image data", () => {
    const jfif = segment(0xe0, "JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
    const icc = segment(0xe2, "ICC_PROFILE\0profile");
    const scan = Buffer.from([0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0xff, 0xd9]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, segment(0xe1, `Exif\0\0Model=${SECRET}`), segment(0xe1, `http://ns.adobe.com/xap/1.0/\0<x>${SECRET}</x>`),
      segment(0xed, `Photoshop 3.0\0${SECRET}`), segment(0xfe, SECRET), icc, scan]);
    const stripped = stripImageMetadata(jpeg, "image/jpeg");
    expect(stripped.includes(SECRET)).toBe(false);
    expect(stripped.equals(Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, icc, scan]))).toBe(true);
  });

  it("drops WebP EXIF and XMP chunks, clears their flags and fixes the RIFF size", () => {
    const chunk = (fourcc: string, data: Buffer) => {
      const h = Buffer.alloc(8);
      h.write(fourcc, 0, "latin1");
      h.writeUInt32LE(data.length, 4);
      return Buffer.concat([h, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
    };
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x0c | 0x10; // EXIF, XMP and alpha
    const body = Buffer.concat([chunk("VP8X", vp8x), chunk("VP8L", Buffer.from([1, 2, 3, 4])), chunk("EXIF", Buffer.from(`Model ${SECRET}`)), chunk("XMP ", Buffer.from(SECRET))]);
    const riff = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBP"), body]);
    riff.writeUInt32LE(riff.length - 8, 4);
    const stripped = stripImageMetadata(riff, "image/webp");
    expect(stripped.includes(SECRET)).toBe(false);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped[20]).toBe(0x10);
    expect(stripped.includes(Buffer.from("VP8L"))).toBe(true);
  });

  it("drops GIF comments and XMP, keeping frames and looping", () => {
    const header = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.from([0, 0, 0, 255, 255, 255])]);
    const loop = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from("NETSCAPE2.0"), Buffer.from([3, 1, 0, 0, 0])]);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, SECRET.length]), Buffer.from(SECRET), Buffer.from([0])]);
    const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from("XMP DataXMP"), Buffer.from([SECRET.length]), Buffer.from(SECRET), Buffer.from([0])]);
    const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0]);
    const gif = Buffer.concat([header, loop, comment, xmp, frame, Buffer.from([0x3b])]);
    const stripped = stripImageMetadata(gif, "image/gif");
    expect(stripped.includes(SECRET)).toBe(false);
    expect(stripped.equals(Buffer.concat([header, loop, frame, Buffer.from([0x3b])]))).toBe(true);
  });

  it("returns bytes it cannot parse unchanged", () => {
    const junk = Buffer.from("not an image at all");
    expect(stripImageMetadata(junk, "image/png").equals(junk)).toBe(true);
    expect(stripImageMetadata(junk, "image/jpeg").equals(junk)).toBe(true);
  });
});
