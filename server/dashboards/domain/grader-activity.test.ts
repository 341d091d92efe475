import { describe, expect, it } from "vitest";
import { graderActivity, median, type GraderTally } from "./grader-activity";

const tally = (over: Partial<GraderTally>): GraderTally => ({
  graderId: "g", name: "G", judgments: 0, tasks: 0, withPreference: 0, ties: 0, leftWins: 0, sidedNonTies: 0, flaggedTasks: 0, lastSubmittedAt: null, ...over,
});

describe("grader activity", () => {
  it("takes the median of odd and even lists", () => {
    expect(median([])).toBeNull();
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
  });

  it("computes tie rate and position bias with Wilson intervals and their n", () => {
    const [a] = graderActivity([tally({ graderId: "a", judgments: 12, tasks: 3, withPreference: 12, ties: 3, leftWins: 8, sidedNonTies: 9 })],
      new Map([["a", [61_000, 20_000, 45_000]]]));
    expect(a.tieRate!.value).toBe(0.25);
    expect(a.tieRate!.n).toBe(12);
    // Wilson 95% for 8/9, by hand: centre (8 + 1.92)/(9 + 3.84) = 0.7726, half-width 1.96·√(9·(8/9)(1/9) + 0.9604)/12.84 = 0.1974
    expect(a.positionBias!.value).toBeCloseTo(8 / 9, 10);
    expect(a.positionBias!.low).toBeCloseTo(0.5650, 3);
    expect(a.positionBias!.high).toBeCloseTo(0.9801, 3);
    expect(a.medianSeconds).toBe(45);
    expect(a.fastestSeconds).toBe(20);
  });

  it("leaves side-by-side rates and times empty where there is nothing to compute them from", () => {
    const [a] = graderActivity([tally({ graderId: "a", judgments: 4, tasks: 1 })], new Map());
    expect(a.tieRate).toBeNull();
    expect(a.positionBias).toBeNull();
    expect(a.medianSeconds).toBeNull();
  });

  it("lists the busiest graders first", () => {
    const out = graderActivity([tally({ graderId: "a", name: "A", judgments: 1 }), tally({ graderId: "b", name: "B", judgments: 5 })], new Map());
    expect(out.map((g) => g.graderId)).toEqual(["b", "a"]);
  });
});
