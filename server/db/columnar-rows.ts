// Large query results as columns rather than one array per row. A report's grouped pass returns a
// third of a million rows at a million judgments; handed from the SQLite read worker as row
// arrays, copying them between threads and collecting them afterwards cost more than the query.
// As columns, numbers travel as one Float64Array each (moved, not copied) and every other column
// as codes into its distinct values — a study's item and dimension ids repeat across rows, so
// those cross as a few thousand strings and an Int32Array.

export type EncodedColumn = { numbers: Float64Array } | { codes: Int32Array; values: unknown[] };

/**
 * Rows → columns: a column whose values are all numbers as a Float64Array, any other dictionary-
 * encoded. Self-contained (no imports, no outer names): the SQLite read worker runs its source.
 */
export function encodeColumns(rows: unknown[][], width: number): EncodedColumn[] {
  const columns: EncodedColumn[] = [];
  for (let c = 0; c < width; c++) {
    let numeric = true;
    for (let r = 0; r < rows.length && numeric; r++) numeric = typeof rows[r][c] === "number";
    if (numeric) {
      const numbers = new Float64Array(rows.length);
      for (let r = 0; r < rows.length; r++) numbers[r] = rows[r][c] as number;
      columns.push({ numbers });
      continue;
    }
    const codes = new Int32Array(rows.length);
    const values: unknown[] = [];
    const index = new Map<unknown, number>();
    for (let r = 0; r < rows.length; r++) {
      const v = rows[r][c];
      let k = index.get(v);
      if (k === undefined) {
        k = values.length;
        index.set(v, k);
        values.push(v);
      }
      codes[r] = k;
    }
    columns.push({ codes, values });
  }
  return columns;
}

/** The buffers of encoded columns, to move rather than copy them to another thread. */
export function columnBuffers(columns: EncodedColumn[]): ArrayBuffer[] {
  return columns.map((c) => ("numbers" in c ? c.numbers.buffer : c.codes.buffer) as ArrayBuffer);
}

/** COUNT and SUM come back as strings from pg (int8, numeric) and as numbers from SQLite. */
const asNumber = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export class ColumnarRows {
  constructor(readonly length: number, private readonly columns: EncodedColumn[]) {}

  static fromRows(rows: unknown[][]): ColumnarRows {
    return new ColumnarRows(rows.length, encodeColumns(rows, rows[0]?.length ?? 0));
  }

  /** Column i as numbers (null as 0, numeric text converted). */
  numbers(i: number): Float64Array {
    if (this.length === 0) return new Float64Array(0);
    const c = this.columns[i];
    if ("numbers" in c) return c.numbers;
    const converted = c.values.map(asNumber);
    return Float64Array.from(c.codes, (k) => converted[k]);
  }

  /** Column i as codes into its distinct values: row r holds values[codes[r]]. */
  dictionary(i: number): { codes: Int32Array; values: unknown[] } {
    if (this.length === 0) return { codes: new Int32Array(0), values: [] };
    const c = this.columns[i];
    if ("codes" in c) return c;
    const codes = new Int32Array(this.length);
    const values: unknown[] = [];
    const index = new Map<number, number>();
    c.numbers.forEach((v, r) => {
      let k = index.get(v);
      if (k === undefined) index.set(v, (k = values.push(v) - 1));
      codes[r] = k;
    });
    return { codes, values };
  }
}
