// The accepted rows of a judgments file, kept from the first pass so that writing them does not
// read and parse the file a second time: each row is a handful of numbers (its strings are
// numbered once each), 32 bytes a row, where the parsed row objects would be hundreds.
import type { JudgmentRow } from "./judgment-row";

/** Strings numbered in the order first seen. */
class Numbering {
  private readonly numbers = new Map<string, number>();
  readonly values: string[] = [];
  // The last string numbered: a file's consecutive rows mostly repeat their study, models and prompt.
  private last: string | null = null;
  private lastNumber = -1;
  find(value: string): number | undefined {
    return this.numbers.get(value);
  }
  of(value: string): number {
    if (value === this.last) return this.lastNumber;
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.numbers.set(value, n);
      this.values.push(value);
    }
    this.last = value;
    this.lastNumber = n;
    return n;
  }
}

/** A row as written: the prompt's locale, category and modality are the plan's, not the row's. */
export type PlannedRow = Omit<JudgmentRow, "locale" | "category" | "modality">;

const COLUMNS = 8; // line, study, prompt, model A, model B (−1: single-sided), grader, dimension, value

/** A row by the numbers of its strings (each kind numbered from 0 in the order first seen). */
export interface RowCodes {
  study: number;
  prompt: number;
  modelA: number;
  /** −1 for a single-sided row */
  modelB: number;
  grader: number;
  dimension: number;
  value: number;
}

export type NumberedKind = "study" | "prompt" | "model" | "grader" | "dimension";

export class PlannedRows {
  private data = new Int32Array(COLUMNS * 1024);
  private readonly studies = new Numbering();
  private readonly prompts = new Numbering();
  private readonly models = new Numbering();
  private readonly graders = new Numbering();
  private readonly dimensions = new Numbering();
  /** by study number: every accepted row of a study has its type (the plan refuses a second one) */
  private readonly types: JudgmentRow["type"][] = [];
  length = 0;

  add(row: PlannedRow): void {
    if (this.released) throw new Error("the planned rows were released");
    if ((this.length + 1) * COLUMNS > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const study = this.studies.of(row.study);
    this.types[study] = row.type;
    const at = this.length++ * COLUMNS;
    const d = this.data;
    d[at] = row.line;
    d[at + 1] = study;
    d[at + 2] = this.prompts.of(row.promptId);
    d[at + 3] = this.models.of(row.models[0]);
    d[at + 4] = row.models.length > 1 ? this.models.of(row.models[1]) : -1;
    d[at + 5] = this.graders.of(row.grader);
    d[at + 6] = this.dimensions.of(row.dimension);
    d[at + 7] = row.value;
  }

  /**
   * Row i as it was parsed. The object returned is reused by the next call (a million rows are
   * read one at a time): copy what must outlive it.
   */
  row(i: number): Readonly<PlannedRow> {
    this.checkIndex(i);
    const d = this.data, at = i * COLUMNS, r = this.view;
    r.line = d[at];
    r.study = this.studies.values[d[at + 1]];
    r.type = this.types[d[at + 1]];
    r.promptId = this.prompts.values[d[at + 2]];
    r.models = d[at + 4] < 0 ? this.single : this.pair;
    r.models[0] = this.models.values[d[at + 3]];
    if (d[at + 4] >= 0) r.models[1] = this.models.values[d[at + 4]];
    r.grader = this.graders.values[d[at + 5]];
    r.dimension = this.dimensions.values[d[at + 6]];
    r.value = d[at + 7];
    return r;
  }

  /**
   * Rows that repeat an earlier row's judgment (the same study, prompt, model or pair in either
   * order, grader and dimension), each as [row, the first row with that judgment], in file
   * order. Found by sorting the rows once: a key per row in a map would cost a string and a map
   * entry for every row of a million-row file.
   */
  duplicates(): [number, number][] {
    const d = this.data;
    const lo = (i: number) => Math.min(d[i * COLUMNS + 3], d[i * COLUMNS + 4]);
    const hi = (i: number) => Math.max(d[i * COLUMNS + 3], d[i * COLUMNS + 4]);
    const compare = (x: number, y: number) =>
      d[x * COLUMNS + 1] - d[y * COLUMNS + 1] || d[x * COLUMNS + 2] - d[y * COLUMNS + 2] || lo(x) - lo(y) || hi(x) - hi(y) ||
      d[x * COLUMNS + 5] - d[y * COLUMNS + 5] || d[x * COLUMNS + 6] - d[y * COLUMNS + 6];
    const order = new Int32Array(this.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((x, y) => compare(x, y) || x - y);
    const found: [number, number][] = [];
    let first = 0;
    for (let j = 1; j < order.length; j++) {
      if (compare(order[j], order[j - 1]) !== 0) first = j;
      else found.push([order[j], order[first]]);
    }
    return found.sort((a, b) => a[0] - b[0]);
  }

  /**
   * Row i by numbers, for writers that key their lookups by number rather than by strings made
   * for each row. The object returned is reused by the next call.
   */
  codes(i: number): Readonly<RowCodes> {
    this.checkIndex(i);
    const d = this.data, at = i * COLUMNS, c = this.codeView;
    c.study = d[at + 1];
    c.prompt = d[at + 2];
    c.modelA = d[at + 3];
    c.modelB = d[at + 4];
    c.grader = d[at + 5];
    c.dimension = d[at + 6];
    c.value = d[at + 7];
    return c;
  }

  /**
   * Lets the rows' numbers go once they are written (32 bytes a row, 32 MB at a million rows, which
   * an import would otherwise hold through its recount and commit). The count and the numbered
   * strings stay; row() and codes() throw from now on.
   */
  release(): void {
    this.data = new Int32Array(0);
  }

  /** Released: the rows' array is emptied only by release() (it starts at 1,024 rows and only grows). */
  private get released(): boolean {
    return this.data.length === 0;
  }

  private checkIndex(i: number): void {
    if (this.released) throw new Error("the planned rows were released");
    if (i < 0 || i >= this.length) throw new RangeError(`row ${i} of ${this.length}`);
  }

  /** How many different strings of a kind the rows hold. */
  count(kind: NumberedKind): number {
    return this.numbering(kind).values.length;
  }

  /** The string numbered `n` of a kind. */
  valueOf(kind: NumberedKind, n: number): string {
    return this.numbering(kind).values[n];
  }

  /** The number of a string of a kind, if any row holds it. */
  numberOf(kind: NumberedKind, value: string): number | undefined {
    return this.numbering(kind).find(value);
  }

  private numbering(kind: NumberedKind): Numbering {
    switch (kind) {
      case "study": return this.studies;
      case "prompt": return this.prompts;
      case "model": return this.models;
      case "grader": return this.graders;
      case "dimension": return this.dimensions;
    }
  }

  private readonly codeView: RowCodes = { study: 0, prompt: 0, modelA: 0, modelB: -1, grader: 0, dimension: 0, value: 0 };
  private readonly single: string[] = [""];
  private readonly pair: string[] = ["", ""];
  private readonly view: PlannedRow = { line: 0, study: "", type: "side_by_side", promptId: "", grader: "", dimension: "", models: this.pair, value: 0 };
}
