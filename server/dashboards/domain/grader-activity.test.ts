import { describe, expect, it } from "vitest";
import { DEFAULT_BOOTSTRAP } from "../../analytics/domain/bootstrap";
import { bootstrapShare } from "../../analytics/domain/cluster-bootstrap";
import { graderActivity, median, type GraderTally } from "./grader-activity";

const tally = (over: Partial<GraderTally>): GraderTally => ({
  graderId: "g", name: "G", judgments: 0, tasks: 0, withPreference: 0, ties: 0, positionTasks: [], flaggedTasks: 0, lastSubmittedAt: null, ...over,
});

describe("grader activity", () => {
  it("takes the median of odd and even lists", () => {
    expect(median([])).toBeNull();
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
  });

  it("computes the tie rate with a Wilson interval and the left share by bootstrap over the grader's tasks", () => {
    // 12 tasks of two dimensions each: 8 with both answers on the left response, 4 with both on the right.
    const tasks = [{ successes: 2, trials: 2, count: 8 }, { successes: 0, trials: 2, count: 4 }];
    const [a] = graderActivity([tally({ graderId: "a", judgments: 24, tasks: 12, withPreference: 24, ties: 6, positionTasks: tasks })],
      new Map([["a", [61_000, 20_000, 45_000]]]));
    expect(a.tieRate!.value).toBe(0.25);
    expect(a.tieRate!.n).toBe(24);
    expect(a.positionBias).toMatchObject({ value: 16 / 24, n: 24, clusters: 12, note: "" });
    const ci = bootstrapShare(tasks, DEFAULT_BOOTSTRAP, "left-share|a")!;
    expect([a.positionBias!.low, a.positionBias!.high]).toEqual([ci.low, ci.high]);
    // 12 tasks, not 24 judgments: wider than Wilson's 8/12 over 24 (45.7%–82.9%) would be
    expect(a.positionBias!.high! - a.positionBias!.low!).toBeGreaterThan(0.4);
    expect(a.medianSeconds).toBe(45);
    expect(a.fastestSeconds).toBe(20);
  });

  it("gives no left-share interval from fewer than ten tasks, and says why", () => {
    const [a] = graderActivity([tally({ graderId: "a", judgments: 6, tasks: 3, withPreference: 6, positionTasks: [{ successes: 2, trials: 2, count: 3 }] })], new Map());
    expect(a.positionBias).toMatchObject({ value: 1, low: null, high: null, n: 6, clusters: 3, note: "no interval: 3 tasks, fewer than the 10 a bootstrap interval needs" });
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
