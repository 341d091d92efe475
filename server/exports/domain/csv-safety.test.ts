import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { neutralizeFormula, SAFE_CSV } from "./csv-safety";

describe("formula neutralisation", () => {
  it("prefixes text cells that a spreadsheet would run", () => {
    for (const bad of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx"]) expect(neutralizeFormula(bad)).toBe(`'${bad}`);
    for (const ok of ["hello", " =spaced", "1-2", ""]) expect(neutralizeFormula(ok)).toBe(ok);
  });

  it("leaves numbers written as text alone, negative and exponent ones included", () => {
    for (const n of ["-2", "-0.125", "+3", "-1.5e-7", "1e-300", "-.5"]) expect(neutralizeFormula(n)).toBe(n);
    for (const bad of ["-2+3", "-1e5*2", "+A1"]) expect(neutralizeFormula(bad)).toBe(`'${bad}`);
  });

  it("is applied by the writer options to every string cell and never to numbers", () => {
    const csv = stringify([["=cmd", -2, "-2", "ok"]], SAFE_CSV);
    expect(parse(csv)).toEqual([["'=cmd", "-2", "-2", "ok"]]);
  });

  it("survives CSV quoting of commas, quotes and newlines", () => {
    const cells = ['=HYPERLINK("http://x","y")', 'a, "b"', "line1\nline2"].map(neutralizeFormula);
    const csv = stringify([cells]);
    expect(parse(csv)).toEqual([cells]);
  });
});
