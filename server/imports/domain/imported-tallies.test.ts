import { describe, expect, it } from "vitest";
import { ImportedTallies } from "./imported-tallies";

const sxs = (value: number) => [true, value] as const;
const single = (value: number) => [false, value] as const;

/** [task, unit, value] in file order: units 0, 1 and 4 side by side, unit 2 single-sided, unit 3 unjudged. */
const JUDGMENTS: [number, number, readonly [boolean, number]][] = [
  [0, 0, sxs(2)], [1, 0, sxs(1)], [2, 0, sxs(0)], [3, 0, sxs(-1)], [0, 1, sxs(3)], [9, 4, sxs(3)],
  [4, 2, single(1)], [5, 2, single(2)], [6, 2, single(4)], [7, 2, single(5)], [8, 2, single(5)],
];

function counted(): ImportedTallies {
  const tallies = new ImportedTallies(5, 2);
  for (const [, unit, v] of JUDGMENTS) tallies.count(unit, ...v);
  tallies.startTasks(11);
  for (const [task, unit, v] of JUDGMENTS) tallies.task(task, unit, ...v);
  return tallies;
}

describe("ImportedTallies", () => {
  it("puts preferences −3..+3 in h0..h6 and scores 1..5 in h0..h4", () => {
    const t = counted();
    expect([...t.histogram(0)]).toEqual([0, 0, 1, 1, 1, 1, 0]);
    expect([...t.histogram(1)]).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect([...t.histogram(2)]).toEqual([1, 1, 0, 1, 2, 0, 0]);
    expect([...t.histogram(3)]).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("sums each task's judgments and its agreement with the other graders on each unit (worked by hand)", () => {
    const t = counted();
    // Task 0: +2 on unit 0 (3 peers; +1 agrees) and +3 on unit 1 (no peers).
    expect(t.taskSums(0)).toEqual({ judgments: 2, withPreference: 2, ties: 0, answered: 2, minValue: 2, maxValue: 3, agreePairs: 3, agreeing: 1 });
    expect(t.taskSums(1)).toEqual({ judgments: 1, withPreference: 1, ties: 0, answered: 1, minValue: 1, maxValue: 1, agreePairs: 3, agreeing: 1 });
    // A tie agrees only with ties; −1 only with other negatives (none here).
    expect(t.taskSums(2)).toEqual({ judgments: 1, withPreference: 1, ties: 1, answered: 1, minValue: 0, maxValue: 0, agreePairs: 3, agreeing: 0 });
    expect(t.taskSums(3)).toMatchObject({ ties: 0, minValue: -1, maxValue: -1, agreeing: 0 });
    // Scores agree within one point: 1 with 2; 2 with 1; 4 with both 5s; each 5 with 4 and the other 5.
    expect([4, 5, 6, 7, 8].map((a) => t.taskSums(a)!.agreeing)).toEqual([1, 1, 2, 2, 2]);
    expect(t.taskSums(4)).toEqual({ judgments: 1, withPreference: 0, ties: 0, answered: 1, minValue: 1, maxValue: 1, agreePairs: 4, agreeing: 1 });
    expect(t.taskSums(10)).toBeNull();
    expect(t.taskSums(11)).toBeNull();
  });

  it("orders the judged units by head, then histogram, then tail, as UnitTally's covering index does", () => {
    const t = counted();
    const head = [5, 5, 1, 0, 5];
    const tail = [2, 1, 0, 0, 0];
    // Unit 2 has the lowest head; unit 1 and unit 4 share a histogram (tail decides) that sorts before unit 0's; unit 3 is unjudged.
    expect([...t.unitsInIndexOrder((u) => head[u], (u) => tail[u])]).toEqual([2, 4, 1, 0]);
  });

  it("counts past 16 bits: a unit judged 70,000 times at one point", () => {
    const t = new ImportedTallies(2, 1);
    for (let i = 0; i < 70_000; i++) t.count(1, true, 3);
    t.count(0, true, -3);
    expect([...t.histogram(1)]).toEqual([0, 0, 0, 0, 0, 0, 70_000]);
    expect([...t.histogram(0)]).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it("refuses more dimensions than a task's 16-bit counts hold", () => {
    expect(() => new ImportedTallies(1, 70_000)).toThrow(/70000 dimensions/);
  });

  it("refuses a value off the scale and a task before its pass", () => {
    const t = new ImportedTallies(1, 1);
    expect(() => t.count(0, ...sxs(4))).toThrow(/preference 4 is off the scale/);
    expect(() => t.count(0, ...single(0))).toThrow(/score 0 is off the scale/);
    expect(() => t.count(0, ...single(6))).toThrow(/score 6/);
    expect(() => t.task(0, 0, ...sxs(1))).toThrow(/startTasks/);
    t.startTasks(1);
    expect(() => t.task(1, 0, ...sxs(1))).toThrow(/beyond the 1/);
  });
});
