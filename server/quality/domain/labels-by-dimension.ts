// Several dimensions' verdicts read in one pass over a study's judgments, split into one set of
// coded labels per dimension. Reading them dimension by dimension scanned the study's judgments
// once per dimension: at a million judgments, four scans cost about three times one.
import type { CodedLabels } from "./dawid-skene";

/** How many distinct codes a column of dictionary codes (0, 1, …) uses. */
const codeCount = (codes: Int32Array) => codes.reduce((most, c) => Math.max(most, c + 1), 0);

/**
 * Rows of (dimension, item, grader, label), each as a code of its column (a read's dictionary
 * codes), → for each dimension code present, its labels with items and graders numbered from 0 in
 * the order they first appear among that dimension's rows (as a read of that dimension alone
 * numbers them). Renumbered through typed tables, not maps: a million rows pass through here
 * between the read and the fits.
 */
export function labelsByDimension(dimension: Int32Array, item: Int32Array, grader: Int32Array, label: ArrayLike<number>): Map<number, CodedLabels> {
  const rowsOf = new Int32Array(codeCount(dimension));
  for (let r = 0; r < dimension.length; r++) rowsOf[dimension[r]]++;
  const itemCode = new Int32Array(codeCount(item));
  const graderCode = new Int32Array(codeCount(grader));
  const out = new Map<number, CodedLabels>();
  for (let d = 0; d < rowsOf.length; d++) {
    if (rowsOf[d] === 0) continue;
    itemCode.fill(-1);
    graderCode.fill(-1);
    const coded: CodedLabels = { items: 0, graders: 0, item: new Int32Array(rowsOf[d]), grader: new Int32Array(rowsOf[d]), label: new Int32Array(rowsOf[d]) };
    for (let r = 0, j = 0; r < dimension.length; r++) {
      if (dimension[r] !== d) continue;
      if (itemCode[item[r]] < 0) itemCode[item[r]] = coded.items++;
      if (graderCode[grader[r]] < 0) graderCode[grader[r]] = coded.graders++;
      coded.item[j] = itemCode[item[r]];
      coded.grader[j] = graderCode[grader[r]];
      coded.label[j++] = label[r];
    }
    out.set(d, coded);
  }
  return out;
}
