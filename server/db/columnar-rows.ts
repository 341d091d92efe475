// Large query results as columns rather than one array per row. A report's grouped pass returns a
// third of a million rows at a million judgments; handed from the SQLite read worker as row
// arrays, copying them between threads and collecting them afterwards cost more than the query.
// As columns, numbers travel as one Float64Array each (moved, not copied) and every other column
// as codes into its distinct values — a study's item and dimension ids repeat across rows, so
// those cross as a few thousand strings and an Int32Array.

export type EncodedColumn = { numbers: Float64Array } | { codes: Int32Array; values: unknown[] };

/**
 * Rows → columns, one row at a time, so that no array of every row is ever held: a column whose
 * values are all numbers becomes a Float64Array, any other is dictionary-encoded (a column
 * switches to codes at its first value that is not a number). Dates are read as milliseconds.
 * Self-contained (no imports, no outer names): the SQLite read worker runs its source text.
 */
export function columnBuilder(width: number): { push(row: unknown[]): void; finish(): EncodedColumn[] } {
  let length = 0;
  let capacity = 1024;
  const numbers: (Float64Array | null)[] = [];
  const codes: (Int32Array | null)[] = [];
  const values: unknown[][] = [];
  const index: Map<unknown, number>[] = [];
  for (let c = 0; c < width; c++) {
    numbers.push(new Float64Array(capacity));
    codes.push(null);
    values.push([]);
    index.push(new Map());
  }
  const code = (c: number, v: unknown): number => {
    let k = index[c].get(v);
    if (k === undefined) {
      k = values[c].length;
      index[c].set(v, k);
      values[c].push(v);
    }
    return k;
  };
  return {
    push(row) {
      if (length === capacity) {
        capacity *= 2;
        for (let c = 0; c < width; c++) {
          const n = numbers[c];
          if (n) { const grown = new Float64Array(capacity); grown.set(n); numbers[c] = grown; }
          const k = codes[c];
          if (k) { const grown = new Int32Array(capacity); grown.set(k); codes[c] = grown; }
        }
      }
      for (let c = 0; c < width; c++) {
        let v = row[c];
        if (v instanceof Date) v = v.getTime();
        const n = numbers[c];
        if (n && typeof v === "number") { n[length] = v; continue; }
        if (n) {
          // The first value that is not a number: the column's numbers so far become codes.
          const k = new Int32Array(capacity);
          for (let r = 0; r < length; r++) k[r] = code(c, n[r]);
          codes[c] = k;
          numbers[c] = null;
        }
        codes[c]![length] = code(c, v);
      }
      length++;
    },
    finish() {
      const out: EncodedColumn[] = [];
      for (let c = 0; c < width; c++) {
        const n = numbers[c];
        out.push(n ? { numbers: n.slice(0, length) } : { codes: codes[c]!.slice(0, length), values: values[c] });
      }
      return out;
    },
  };
}

/** The buffers of encoded columns, to move rather than copy them to another thread. */
export function columnBuffers(columns: EncodedColumn[]): ArrayBuffer[] {
  return columns.map((c) => ("numbers" in c ? c.numbers.buffer : c.codes.buffer) as ArrayBuffer);
}

/** COUNT and SUM come back as strings from pg (int8, numeric) and as numbers from SQLite. */
export const toNumber = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export class ColumnarRows {
  constructor(readonly length: number, private readonly columns: EncodedColumn[]) {}

  /** Column i as numbers (null as 0, numeric text converted). */
  numbers(i: number): Float64Array {
    if (this.length === 0) return new Float64Array(0);
    const c = this.columns[i];
    if ("numbers" in c) return c.numbers;
    const converted = c.values.map(toNumber);
    return Float64Array.from(c.codes, (k) => converted[k]);
  }

  /** Whether column i came as numbers (numbers(i) is then the column itself, not a conversion). */
  isNumeric(i: number): boolean {
    return this.length === 0 || "numbers" in this.columns[i];
  }

  /** Column i's value in row r, as the driver gave it (dates as milliseconds), for walking rows of many columns. */
  columnReader(i: number): (row: number) => unknown {
    const c = this.columns[i];
    if (this.length === 0) return () => undefined;
    if ("numbers" in c) {
      const numbers = c.numbers;
      return (r) => numbers[r];
    }
    const { codes, values } = c;
    return (r) => values[codes[r]];
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
