import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { neutralizeFormula } from "./csv-safety";

describe("formula neutralisation", () => {
  it("prefixes text cells that a spreadsheet would run", () => {
    for (const bad of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx"]) expect(neutralizeFormula(bad)).toBe(`'${bad}`);
    for (const ok of ["hello", " =spaced", "1-2", ""]) expect(neutralizeFormula(ok)).toBe(ok);
  });

  it("survives CSV quoting of commas, quotes and newlines", () => {
    const cells = ['=HYPERLINK("http://x","y")', 'a, "b"', "line1\nline2"].map(neutralizeFormula);
    const csv = stringify([cells]);
    expect(parse(csv)).toEqual([cells]);
  });
});
