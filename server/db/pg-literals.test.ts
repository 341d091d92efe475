import { describe, expect, it } from "vitest";
import { withLiterals } from "./pg-native";

describe("withLiterals", () => {
  it("quotes every value as an untyped literal, in placeholder order", () => {
    expect(withLiterals({ sql: `INSERT INTO "T" VALUES (?, ?, ?, ?, ?)`, params: ["a", 3, 0, null, true] }))
      .toBe(`INSERT INTO "T" VALUES ('a', '3', '0', NULL, 'true')`);
  });

  it("escapes quotes and backslashes, and leaves question marks inside values alone", () => {
    expect(withLiterals({ sql: "SELECT ?, ?", params: ["it's ? done", "C:\\path"] })).toBe(`SELECT 'it''s ? done',  E'C:\\\\path'`);
  });

  it("refuses a value count that does not match the placeholders, and values it cannot quote", () => {
    expect(() => withLiterals({ sql: "SELECT ?", params: [] })).toThrow("0 values for 1 placeholders");
    expect(() => withLiterals({ sql: "SELECT ?", params: [1, 2] })).toThrow("2 values for 1 placeholders");
    expect(() => withLiterals({ sql: "SELECT ?", params: [Number.NaN] })).toThrow("no SQL literal");
    expect(() => withLiterals({ sql: "SELECT ?", params: [{}] })).toThrow("no SQL literal");
  });
});
