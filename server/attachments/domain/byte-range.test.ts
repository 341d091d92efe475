import { describe, expect, it } from "vitest";
import { byteRange } from "./byte-range";

describe("byteRange", () => {
  it("serves the whole file without a usable Range header", () => {
    expect(byteRange(null, 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=0-10,20-30", 100)).toEqual({ kind: "whole" });
    expect(byteRange("items=0-10", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=-", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=50-10", 100)).toEqual({ kind: "whole" });
  });

  it("answers open, closed and suffix ranges with inclusive ends", () => {
    expect(byteRange("bytes=0-", 100)).toEqual({ kind: "partial", start: 0, end: 99 }); // what Chromium sends first
    expect(byteRange("bytes=10-19", 100)).toEqual({ kind: "partial", start: 10, end: 19 });
    expect(byteRange("bytes=90-500", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(byteRange("bytes=-30", 100)).toEqual({ kind: "partial", start: 70, end: 99 });
    expect(byteRange("bytes=-300", 100)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(byteRange(" Bytes = 5 - 5 ", 100)).toEqual({ kind: "partial", start: 5, end: 5 });
  });

  it("refuses a range that starts past the end", () => {
    expect(byteRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
