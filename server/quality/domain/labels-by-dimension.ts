// Several dimensions' verdicts read in one pass over a study's judgments, split into one set of
// coded labels per dimension. Reading them dimension by dimension scanned the study's judgments
// once per dimension: at a million judgments, four scans cost about three times one.
import type { CodedLabels } from "./dawid-skene";

/**
 * Rows of (dimension, item, grader, label), each as a code of its column (a read's dictionary
 * codes), → for each dimension code present, its labels with items and graders numbered from 0 in
 * the order they first appear among that dimension's rows (as a read of that dimension alone
 * numbers them).
 */
export function labelsByDimension(dimension: Int32Array, item: Int32Array, grader: Int32Array, label: ArrayLike<number>): Map<number, CodedLabels> {
  const rows = new Map<number, number[]>();
  for (let r = 0; r < dimension.length; r++) (rows.get(dimension[r]) ?? rows.set(dimension[r], []).get(dimension[r])!).push(r);
  const out = new Map<number, CodedLabels>();
  for (const [d, of] of rows) {
    const itemCode = new Map<number, number>();
    const graderCode = new Map<number, number>();
    const coded: CodedLabels = { items: 0, graders: 0, item: new Int32Array(of.length), grader: new Int32Array(of.length), label: new Int32Array(of.length) };
    of.forEach((r, j) => {
      let i = itemCode.get(item[r]);
      if (i === undefined) itemCode.set(item[r], (i = itemCode.size));
      let g = graderCode.get(grader[r]);
      if (g === undefined) graderCode.set(grader[r], (g = graderCode.size));
      coded.item[j] = i;
      coded.grader[j] = g;
      coded.label[j] = label[r];
    });
    coded.items = itemCode.size;
    coded.graders = graderCode.size;
    out.set(d, coded);
  }
  return out;
}
