import { describe, expect, it } from "vitest";
import { DEFAULT_BOOTSTRAP } from "../../analytics/domain/bootstrap";
import { addCluster, type ClusterCount } from "../../analytics/domain/cluster-bootstrap";
import { mulberry32 } from "../../analytics/domain/seeded-random";
import { graderActivity, leftShare, rate, type GraderTally } from "../../dashboards/domain/grader-activity";
import { graderDiagnostics, type GraderChecks } from "./grader-diagnostics";
import { graderFlags } from "./grader-flags";

const tally = (graderId: string, over: Partial<GraderTally> = {}): GraderTally => ({
  graderId, name: graderId, judgments: 8, tasks: 4, withPreference: 8, ties: 2, positionTasks: [{ successes: 1, trials: 2, count: 3 }], flaggedTasks: 0, lastSubmittedAt: null, ...over,
});

describe("graderDiagnostics", () => {
  const tallies = [tally("careless"), tally("careful")];
  const times = new Map([["careless", [1000, 2000, 6000, 7000]], ["careful", [30_000, 40_000, 50_000, 60_000]]]);
  const checks = new Map<string, GraderChecks>([
    ["careless", { gold: { correct: 2, total: 10 }, attention: { failed: 1, tasks: 2 }, agreement: { agreeing: 5, pairs: 40 }, straightLining: { uniform: 9, tasks: 10 } }],
    ["careful", { gold: { correct: 9, total: 10 }, attention: { failed: 0, tasks: 2 }, agreement: { agreeing: 30, pairs: 40 }, straightLining: { uniform: 2, tasks: 10 } }],
  ]);
  const [careless, careful] = graderDiagnostics(graderActivity(tallies, times), tallies, checks, times, { passRate: 0.8, minTaskSeconds: 5 })
    .sort((a, b) => a.name.localeCompare(b.name)).reverse();

  it("reports each rate with its n and Wilson interval (hand-computed)", () => {
    expect(careless.goldAccuracy).toMatchObject({ value: 0.2, n: 10 });
    expect(careless.goldAccuracy!.low).toBeCloseTo(0.0567, 3);
    expect(careless.goldAccuracy!.high).toBeCloseTo(0.5098, 3);
    expect(careless.agreement).toMatchObject({ value: 0.125, n: 40 });
    expect(careless.agreement!.high).toBeCloseTo(0.2611, 3);
    expect(careless.straightLining).toMatchObject({ value: 0.9, n: 10 });
    expect(careless.tooFastTasks).toBe(2);
    expect(careful.tooFastTasks).toBe(0);
  });

  it("flags the careless grader against the other graders, with the reasons", () => {
    expect(careless.flags).toEqual([
      "gold accuracy 20% (95% CI 6%–51%, n = 10) below 80%",
      "failed 1 of 2 attention checks",
      "same answer on every dimension in 90% of tasks (others 20%)",
      "agrees with other graders on 13% of shared judgments (95% CI 5%–26%, n = 40; others 75%)",
      "2 of 4 tasks faster than the 5 s minimum",
    ]);
    expect(careful.flags).toEqual([]);
  });
});

describe("graderFlags", () => {
  const base = {
    goldAccuracy: null, passRate: 0.8, attention: { failed: 0, tasks: 0 }, positionBias: null, straightLining: null, peerStraightLining: null,
    agreement: null, peerAgreement: null, tieRate: null, peerTieRate: null, tasks: 20, tooFastTasks: 0, minTaskSeconds: 0, medianSeconds: 30,
  };

  it("flags position bias only when the interval lies wholly outside 40–60% and there are enough non-ties", () => {
    // 18 of 20 left: Wilson 95% CI 69.9%–97.2%
    expect(graderFlags({ ...base, positionBias: { value: 0.9, low: 0.699, high: 0.972, n: 20 } }))
      .toEqual(["chose the left response in 90% of non-ties (left share 95% CI 70%–97%, n = 20)"]);
    expect(graderFlags({ ...base, positionBias: { value: 0.1, low: 0.028, high: 0.301, n: 20 } })[0]).toMatch(/^chose the right response in 90%/);
    expect(graderFlags({ ...base, positionBias: { value: 1, low: 0.56, high: 1, n: 5 } })).toEqual([]);
    expect(graderFlags({ ...base, positionBias: { value: 0.6, low: 0.39, high: 0.78, n: 20 } })).toEqual([]);
    // 42 of 64 left (66%): Wilson 95% CI 53.4%–76.2% excludes 50% but not 60%, so not flagged
    expect(graderFlags({ ...base, positionBias: { value: 42 / 64, low: 0.534, high: 0.762, n: 64 } })).toEqual([]);
    // a bootstrap interval over tasks says how many tasks it resampled
    expect(graderFlags({ ...base, positionBias: { value: 0.9, low: 0.7, high: 1, n: 40, clusters: 20 } }))
      .toEqual(["chose the left response in 90% of non-ties (left share 95% CI 70%–100%, n = 40 in 20 tasks)"]);
  });

  it("rarely flags an honest grader under a fair coin once the left share resamples tasks (seeded simulation)", () => {
    // 400 honest graders, 20 tasks each, three dimensions answered alike per task (as careful
    // graders do), the better response on the left by a fair coin. Judgments over-count the
    // evidence threefold: a Wilson interval over them flags honest graders at several times the
    // rate an interval over tasks does (measured: 4.7% against 0.5% over 1,000 graders).
    const u = mulberry32(99);
    let byTasks = 0;
    let byJudgments = 0;
    const graders = 400;
    for (let g = 0; g < graders; g++) {
      const tasks = new Map<string, ClusterCount>();
      let left = 0;
      for (let t = 0; t < 20; t++) {
        const l = u() < 0.5 ? 3 : 0;
        left += l;
        addCluster(tasks, l, 3);
      }
      const flagged = (bias: ReturnType<typeof rate>) => graderFlags({ ...base, positionBias: bias }).length > 0;
      if (flagged(leftShare(`g${g}`, [...tasks.values()])!)) byTasks++;
      if (flagged(rate(left, 60))) byJudgments++;
    }
    expect(byTasks / graders).toBeLessThan(0.015);
    expect(byJudgments / graders).toBeGreaterThan(0.025);
    expect(DEFAULT_BOOTSTRAP.resamples).toBeGreaterThanOrEqual(1000);
  });

  it("does not flag gold accuracy on fewer than 5 answers or when the interval reaches the pass rate", () => {
    expect(graderFlags({ ...base, goldAccuracy: { value: 0, low: 0, high: 0.49, n: 4 } })).toEqual([]);
    expect(graderFlags({ ...base, goldAccuracy: { value: 0.7, low: 0.48, high: 0.85, n: 20 } })).toEqual([]);
  });

  it("flags a tie rate 30 points above the others and, with no minimum time, a median under 10 s", () => {
    expect(graderFlags({ ...base, tieRate: { value: 0.7, low: 0.48, high: 0.85, n: 20 }, peerTieRate: 0.2 })).toEqual(["ties on 70% of judgments (others 20%)"]);
    expect(graderFlags({ ...base, medianSeconds: 4 })).toEqual(["median under 10 s per task"]);
    expect(graderFlags({ ...base, medianSeconds: 4, minTaskSeconds: 3, tooFastTasks: 1, tasks: 20 })).toEqual([]);
  });
});
