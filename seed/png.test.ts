import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Canvas } from "./png";

describe("PNG canvas", () => {
  it("writes a valid PNG whose pixels read back", () => {
    const png = new Canvas(4, 3, [255, 255, 255]).rect(1, 1, 2, 1, [10, 20, 30]).toPng();
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(4);
    expect(png.readUInt32BE(20)).toBe(3);
    const idatStart = png.indexOf("IDAT") + 4;
    const idatLength = png.readUInt32BE(idatStart - 8);
    const raw = inflateSync(png.subarray(idatStart, idatStart + idatLength));
    const row1 = raw.subarray(13, 26);
    expect([...row1.subarray(1, 4)]).toEqual([255, 255, 255]);
    expect([...row1.subarray(4, 7)]).toEqual([10, 20, 30]);
  });
});
