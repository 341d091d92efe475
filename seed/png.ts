// Draws the demo's images locally (nothing is downloaded): an RGB canvas with rectangles and
// circles, encoded as PNG with Node's zlib.
import { crc32, deflateSync } from "node:zlib";

export type Rgb = [number, number, number];

export class Canvas {
  readonly pixels: Buffer;
  constructor(readonly width: number, readonly height: number, background: Rgb = [255, 255, 255]) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): this {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx++) {
        const o = (yy * this.width + xx) * 3;
        this.pixels[o] = r; this.pixels[o + 1] = g; this.pixels[o + 2] = b;
      }
    }
    return this;
  }

  circle(cx: number, cy: number, radius: number, colour: Rgb): this {
    for (let y = -radius; y <= radius; y++) {
      const half = Math.floor(Math.sqrt(radius * radius - y * y));
      this.rect(cx - half, cy + y, 2 * half + 1, 1, colour);
    }
    return this;
  }

  /** `text`: tEXt chunks (keyword → text), as image tools write them (e.g. Software). */
  toPng(text: Record<string, string> = {}): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (this.width * 3 + 1)] = 0; // filter: none
      this.pixels.copy(raw, y * (this.width * 3 + 1) + 1, y * this.width * 3, (y + 1) * this.width * 3);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header), chunk("IDAT", deflateSync(raw)),
      ...Object.entries(text).map(([k, v]) => chunk("tEXt", Buffer.from(`${k}\0${v}`, "latin1"))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
