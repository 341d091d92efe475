// Property-based: whatever a file's cells hold, row parsing never throws and always says what is
// wrong by line and column.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JUDGMENT_COLUMNS, parseJudgmentRow } from "./judgment-row";
import { MATERIAL_COLUMNS, parseMaterialRow } from "./material-row";

// Cells as CSV gives them (strings, often near-valid) and as JSON Lines gives them (anything).
const near = (cols: string[]) => fc.constantFrom(...cols, "side_by_side", "single_sided", "en-US", "xx", "text", "image", "3", "-4", "2.5", "", " ", "=1+1", "\u0000", "😀");
const cell = (cols: string[]) => fc.oneof(near(cols), fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const record = (cols: string[]) => fc.dictionary(fc.oneof(fc.constantFrom(...cols), fc.string({ maxLength: 12 })), cell(cols), { maxKeys: cols.length + 3 });

describe.each([
  ["judgments", JUDGMENT_COLUMNS, parseJudgmentRow],
  ["material", MATERIAL_COLUMNS, parseMaterialRow],
] as const)("parsing %s rows (property-based)", (_name, cols, parse) => {
  it("never throws, and either yields a row or names line and field for every problem", () => {
    fc.assert(fc.property(record([...cols]), fc.integer({ min: 2, max: 1_000_000 }), (fields, line) => {
      const { row, problems } = (parse as (f: Record<string, unknown>, l: number) => { row: unknown; problems: { line: number; field: string; message: string }[] })(fields, line);
      expect(row === null).toBe(problems.length > 0);
      for (const p of problems) {
        expect(p.line).toBe(line);
        expect(p.field.length).toBeGreaterThan(0);
        expect(p.message.length).toBeGreaterThan(0);
      }
    }), { numRuns: 2000 });
  });
});
