// Test helper shared by the Dawid–Skene and weighted-verdict tests: labels written with names,
// coded as the database read codes them (items and graders numbered in order of first appearance).
import type { CodedLabels } from "./dawid-skene";

export interface NamedLabel {
  item: string;
  grader: string;
  /** 0, 1 or 2 */
  label: number;
}

/** The coded labels, with the names in code order to name results again. */
export function codeLabels(labels: NamedLabel[]): { labels: CodedLabels; items: string[]; graders: string[] } {
  const itemIndex = new Map<string, number>();
  const graderIndex = new Map<string, number>();
  const code = (index: Map<string, number>, x: string) => index.get(x) ?? index.set(x, index.size).size - 1;
  const item = Int32Array.from(labels, (x) => code(itemIndex, x.item));
  const grader = Int32Array.from(labels, (x) => code(graderIndex, x.grader));
  return { labels: { items: itemIndex.size, graders: graderIndex.size, item, grader, label: Int32Array.from(labels, (x) => x.label) },
    items: [...itemIndex.keys()], graders: [...graderIndex.keys()] };
}
