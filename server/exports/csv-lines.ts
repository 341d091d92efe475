// CSV lines for the raw export, a million rows at a time. Through csv-stringify's stream every
// row was a write through a Transform stream and every cell a cast and a quoting check: at a
// million judgments that was most of the export's time (docs/performance.md). Here the library
// still formats every cell that could need it — quoting, doubled quotes, formula neutralisation
// (SAFE_CSV) — but each distinct such value once per run of rows that repeat it (a prompt's text
// repeats over its judgments); a cell made only of characters that CSV never quotes and that
// cannot begin a formula (ids, numbers, timestamps, true/false) is its own CSV, which
// csv-lines.test.ts checks against the library on random text.
import { stringify } from "csv-stringify/sync";
import { SAFE_CSV } from "./domain/csv-safety";

/** Letters, digits and _ . : / with inner spaces and hyphens, not starting with a formula character; or nothing. */
export const PLAIN_CELL = /^(?:[A-Za-z0-9_.:/][A-Za-z0-9_.:/ -]*)?$/;

/** Formatted cells kept at once; beyond it the memo starts again (rows of one item are adjacent). */
const MEMO_SIZE = 4096;

export class CsvLines {
  private readonly memo = new Map<string, string>();

  /** One cell as csv-stringify writes it with SAFE_CSV. */
  cell(value: string): string {
    if (PLAIN_CELL.test(value)) return value;
    let formatted = this.memo.get(value);
    if (formatted === undefined) {
      if (this.memo.size >= MEMO_SIZE) this.memo.clear();
      formatted = stringify([[value]], SAFE_CSV).slice(0, -1);
      this.memo.set(value, formatted);
    }
    return formatted;
  }

  /** One record, without its line break (joined, not concatenated: one flat string, not a chain of pieces). */
  line(cells: readonly string[]): string {
    const formatted = new Array<string>(cells.length);
    for (let i = 0; i < cells.length; i++) formatted[i] = this.cell(cells[i]);
    return formatted.join(",");
  }
}
