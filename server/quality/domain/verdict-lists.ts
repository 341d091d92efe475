// Counted side-by-side verdicts read as one joined list per item (SQLite): each label is the
// grader's id followed by one character that codes its dimension and verdict, the labels joined
// by commas. A million judgments arrive as a third as many rows with no per-label value for
// better-sqlite3 to make, and the study splits into ranges of items read at once, each walking only
// its own part of the index (docs/performance.md, "the weighted verdicts' read as lists").
// This file turns such rows into label columns; labelsByDimension then splits them per dimension.

/** The character code of dimension 0's verdict 0; a label's code is this + dimension × 3 + verdict. */
export const VERDICT_CODE_BASE = 48;

/** The separator between an item's labels (ids Verdict makes are letters and digits). */
export const VERDICT_LIST_SEPARATOR = ",";

/** Labels as columns: dimension index, item number (in the order the rows came), grader code into `graders`, verdict 0–2. */
export interface VerdictLabelColumns {
  dimension: Int32Array;
  item: Int32Array;
  grader: Int32Array;
  label: Int32Array;
  items: number;
  graders: string[];
}

/**
 * Rows of (label count, joined labels), one per item, → label columns. Each list is checked
 * against its count and each code against the dimensions asked for, so that an id holding the
 * separator or a code out of range fails loudly instead of mislabelling the rest.
 */
export function verdictLabelColumns(rows: unknown[][], dimensions: number): VerdictLabelColumns {
  let total = 0;
  for (const row of rows) total += Number(row[0]);
  const out: VerdictLabelColumns = { dimension: new Int32Array(total), item: new Int32Array(total), grader: new Int32Array(total), label: new Int32Array(total), items: rows.length, graders: [] };
  const graderCode = new Map<string, number>();
  const top = VERDICT_CODE_BASE + dimensions * 3;
  let r = 0;
  for (let i = 0; i < rows.length; i++) {
    const text = String(rows[i][1] ?? "");
    const expected = Number(rows[i][0]);
    const first = r;
    let from = 0;
    while (from < text.length) {
      let end = text.indexOf(VERDICT_LIST_SEPARATOR, from);
      if (end < 0) end = text.length;
      const code = text.charCodeAt(end - 1);
      if (end - 1 <= from || !(code >= VERDICT_CODE_BASE && code < top)) throw new Error(`an item's verdict list holds "${text.slice(from, end)}", which is not a grader id and a verdict code`);
      if (r - first >= expected) break;
      const id = text.substring(from, end - 1);
      let g = graderCode.get(id);
      if (g === undefined) graderCode.set(id, (g = out.graders.push(id) - 1));
      out.dimension[r] = ((code - VERDICT_CODE_BASE) / 3) | 0;
      out.label[r] = (code - VERDICT_CODE_BASE) % 3;
      out.item[r] = i;
      out.grader[r++] = g;
      from = end + 1;
    }
    if (r - first !== expected || from < text.length) throw new Error(`an item's verdict list: expected ${expected} labels, got ${text ? text.split(VERDICT_LIST_SEPARATOR).length : 0} (a grader id holds "${VERDICT_LIST_SEPARATOR}"?)`);
  }
  return out;
}

/**
 * Parts read over consecutive ranges of items, → one set of columns: items numbered on from the
 * previous parts', graders coded once across the parts (in order of first appearance).
 */
export function joinVerdictLabelColumns(parts: VerdictLabelColumns[]): VerdictLabelColumns {
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((n, p) => n + p.label.length, 0);
  const out: VerdictLabelColumns = { dimension: new Int32Array(total), item: new Int32Array(total), grader: new Int32Array(total), label: new Int32Array(total), items: 0, graders: [] };
  const graderCode = new Map<string, number>();
  let at = 0;
  for (const p of parts) {
    const recode = Int32Array.from(p.graders, (id) => {
      let g = graderCode.get(id);
      if (g === undefined) graderCode.set(id, (g = out.graders.push(id) - 1));
      return g;
    });
    out.dimension.set(p.dimension, at);
    out.label.set(p.label, at);
    for (let r = 0; r < p.label.length; r++) {
      out.item[at + r] = out.items + p.item[r];
      out.grader[at + r] = recode[p.grader[r]];
    }
    at += p.label.length;
    out.items += p.items;
  }
  return out;
}
