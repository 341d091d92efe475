import fc from "fast-check";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { CsvLines, PLAIN_CELL } from "./csv-lines";
import { SAFE_CSV } from "./domain/csv-safety";

const library = (records: string[][]) => stringify(records, SAFE_CSV);
const ours = (records: string[][]) => {
  const lines = new CsvLines();
  return records.map((r) => `${lines.line(r)}\n`).join("");
};

// Cells of every kind the export writes, and the awkward ones: quotes, separators, line breaks,
// formula starts, signed numbers, spaces at either end, non-ASCII.
const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[A-Za-z0-9_.:/ -]{0,12}$/),
  fc.constantFrom("", "true", "false", "-2", "+3", "1.5e-7", "=SUM(A1)", "@cmd", "-x", "\tx", "\rx", 'a "b" c', "a,b", "l1\nl2", "l1\r\nl2",
    " lead", "trail ", "2026-12-02T11:45:28.575Z", "g-374093f8ef25", "Γειά σου", "😀", "(imported; no text)"),
);

describe("CsvLines", () => {
  it("writes every record exactly as csv-stringify does with SAFE_CSV", () => {
    fc.assert(fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), (records) => {
      expect(ours(records)).toBe(library(records));
    }), { numRuns: 2000 });
  });

  it("passes plain cells through untouched, which is what the library does with them", () => {
    fc.assert(fc.property(fc.stringMatching(PLAIN_CELL), (value) => {
      expect(library([[value, "x"]])).toBe(`${value},x\n`);
    }), { numRuns: 2000 });
  });

  it("neutralises formulas and quotes what needs quoting", () => {
    expect(ours([["=1+2", "-2", 'say "hi"', "a,b", "line\nbreak", "@x"]])).toBe(`'=1+2,-2,"say ""hi""","a,b","line\nbreak",'@x\n`);
  });

  it("formats the same value the same way after its memo has been cleared", () => {
    const lines = new CsvLines();
    const first = lines.cell("a, b");
    for (let i = 0; i < 5000; i++) lines.cell(`text, ${i}`);
    expect(lines.cell("a, b")).toBe(first);
    expect(first).toBe('"a, b"');
  });
});
