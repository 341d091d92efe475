import { describe, expect, it } from "vitest";
import { ColumnarRows, columnBuilder, type EncodedColumn } from "./columnar-rows";

/** Rows already in memory through the builder, as the SQLite worker and PostgreSQL stream them. */
function encodeColumns(rows: unknown[][], width: number): EncodedColumn[] {
  const b = columnBuilder(width);
  for (const row of rows) b.push(row);
  return b.finish();
}
const fromRows = (rows: unknown[][]) => new ColumnarRows(rows.length, encodeColumns(rows, rows[0]?.length ?? 0));

describe("columnar rows", () => {
  const rows = [["item-a", "overall", 3, "12"], ["item-b", "overall", 0, "7"], ["item-a", "truthfulness", 2, null]];

  it("keeps all-number columns as numbers and codes every other column into its distinct values", () => {
    const [item, dimension, n, text] = encodeColumns(rows, 4);
    expect(item).toEqual({ codes: Int32Array.of(0, 1, 0), values: ["item-a", "item-b"] });
    expect(dimension).toEqual({ codes: Int32Array.of(0, 0, 1), values: ["overall", "truthfulness"] });
    expect(n).toEqual({ numbers: Float64Array.of(3, 0, 2) });
    expect(text).toEqual({ codes: Int32Array.of(0, 1, 2), values: ["12", "7", null] });
  });

  it("reads any column either way: numeric text (as PostgreSQL returns sums) as numbers, numbers as codes", () => {
    const c = fromRows(rows);
    expect(c.length).toBe(3);
    expect(Array.from(c.numbers(3))).toEqual([12, 7, 0]);
    expect(c.dictionary(2)).toEqual({ codes: Int32Array.of(0, 1, 2), values: [3, 0, 2] });
    expect(c.dictionary(0).values[c.dictionary(0).codes[2]]).toBe("item-a");
  });

  it("builds columns row by row: a column turns to codes at its first value that is not a number, dates count as milliseconds", () => {
    const b = columnBuilder(2);
    for (let r = 0; r < 3000; r++) b.push([r < 2500 ? r % 3 : "x", new Date(Date.UTC(2026, 11, 2, 0, 0, r % 60))]);
    const [mixed, at] = b.finish();
    expect("codes" in mixed && mixed.values).toEqual([0, 1, 2, "x"]);
    expect("codes" in mixed && Array.from(mixed.codes.slice(2498, 2502))).toEqual([2, 0, 3, 3]);
    expect("numbers" in at && at.numbers.length).toBe(3000);
    expect("numbers" in at && at.numbers[61]).toBe(Date.UTC(2026, 11, 2, 0, 0, 1));
  });

  it("runs from its own source text, as the SQLite read worker runs it", () => {
    const copy = new Function(`return (${columnBuilder.toString()})`)() as typeof columnBuilder;
    const b = copy(4);
    for (const row of rows) b.push(row);
    expect(b.finish()).toEqual(encodeColumns(rows, 4));
  });

  it("has no columns to read when there are no rows", () => {
    const c = fromRows([]);
    expect(c.numbers(5)).toEqual(new Float64Array(0));
    expect(c.dictionary(0)).toEqual({ codes: new Int32Array(0), values: [] });
  });
});
