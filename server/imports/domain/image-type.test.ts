import { describe, expect, it } from "vitest";
import { sniffImageType, splitImages } from "./image-type";

describe("image type sniffing", () => {
  it("recognises raster formats by their bytes", () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("GIF89a"))).toBe("image/gif");
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses everything else, whatever its name says", () => {
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"))).toBeNull();
    expect(sniffImageType(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("splits CSV and JSON image lists", () => {
    expect(splitImages("a.png| b.png |")).toEqual(["a.png", "b.png"]);
    expect(splitImages(["x.png"])).toEqual(["x.png"]);
    expect(splitImages("")).toEqual([]);
    expect(splitImages({ toString: false })).toBeNull();
    expect(splitImages(["a.png", 3])).toBeNull();
  });
});
