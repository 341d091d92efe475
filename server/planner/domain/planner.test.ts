import { describe, expect, it } from "vitest";
import { wilsonHalfWidth, wilsonInterval } from "../../analytics/domain/wilson-interval";
import { betweenGraderIcc } from "./between-grader-icc";
import { planRows, projectHalfWidth } from "./plan-rows";
import { approximatePower, decisivePromptsForPower, exactSignTestPower, normalCdf, normalQuantile } from "./sign-test-power";
import { unitsForHalfWidth } from "./wilson-sample-size";

const sums = (values: number[]) => ({ n: values.length, sum: values.reduce((a, b) => a + b, 0), sumSq: values.reduce((a, b) => a + b * b, 0) });

describe("sample size for a Wilson half-width", () => {
  it("finds the smallest n, as a brute-force count does (values from a Python loop over n)", () => {
    expect(unitsForHalfWidth(0.5, 0.03)).toBe(1064);
    expect(unitsForHalfWidth(0.5, 0.05)).toBe(381);
    expect(unitsForHalfWidth(45 / 70, 0.05)).toBe(350);
    const n = unitsForHalfWidth(0.3, 0.02);
    expect(wilsonHalfWidth(0.3, n)).toBeLessThanOrEqual(0.02);
    expect(wilsonHalfWidth(0.3, n - 1)).toBeGreaterThan(0.02);
  });

  it("agrees with the interval the report prints", () => {
    const ci = wilsonInterval(30, 100)!;
    expect(wilsonHalfWidth(0.3, 100)).toBeCloseTo((ci.high - ci.low) / 2, 12);
  });

  it("refuses an impossible target", () => {
    expect(() => unitsForHalfWidth(0.5, 0)).toThrow(RangeError);
  });
});

describe("power of the sign test", () => {
  it("uses the normal quantiles and distribution function correctly", () => {
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.1586553, 6);
  });

  it("needs 783 decisive prompts to detect 55% with 80% power (hand-computed: ((1.96·0.5 + 0.8416·√(0.55·0.45)) / 0.05)² = 782.5)", () => {
    expect(decisivePromptsForPower(0.05, 0.8)).toBe(783);
    expect(approximatePower(783, 0.05)).toBeCloseTo(0.8, 2);
  });

  it("computes the exact power of the exact test (values from Python's exact binomial sums)", () => {
    expect(exactSignTestPower(783, 0.05)).toBeCloseTo(0.7885367, 6);
    expect(exactSignTestPower(20, 0.25)).toBeCloseTo(0.6171765, 6);
    expect(exactSignTestPower(5, 0.25)).toBe(0); // 5 of 5 gives p = 0.0625: never significant
  });
});

describe("between-grader ICC", () => {
  it("matches one-way ANOVA by hand", () => {
    // means 2 and 3, grand 2.5: MSB = 3 · 0.5 / 1 = 1.5; MSW = 4 / 4 = 1; n0 = 3 → (1.5 − 1) / (1.5 + 2) = 1/7
    expect(betweenGraderIcc([sums([1, 2, 3]), sums([2, 3, 4])]).icc).toBeCloseTo(1 / 7, 12);
    expect(betweenGraderIcc([sums([1, 1, 1]), sums([3, 3, 3])]).icc).toBe(1);
    expect(betweenGraderIcc([sums([1, 2])]).icc).toBeNull();
    // A group of prompts with the same sums counts as that many prompts.
    const apart = betweenGraderIcc([sums([1, 2, 3]), sums([1, 2, 3]), sums([2, 3, 4]), sums([0, 3, 3])]);
    const grouped = betweenGraderIcc([{ ...sums([1, 2, 3]), count: 2 }, sums([2, 3, 4]), { ...sums([0, 3, 3]), count: 1 }]);
    expect(grouped.prompts).toBe(4);
    expect(grouped.judgments).toBe(12);
    expect(grouped.icc).toBeCloseTo(apart.icc!, 12);
  });
});

describe("plan rows", () => {
  const head = { study: "S", modelA: "New", modelB: "Old", dimension: "overall", slice: "all", k: 3 };
  const targets = { targetHalfWidth: 0.05, difference: 0.05, power: 0.8 };
  const collected = { prompts: 100, aWins: 45, bWins: 25, ties: 30, splits: 12, sums: [sums([1, 2, 3]), sums([2, 3, 4])] };
  const rows = planRows(head, collected, targets);
  const get = (m: string) => rows.find((r) => r.metric === m)!;

  it("says where the decisive rate stands", () => {
    expect(get("decisive_share")).toMatchObject({ value: 0.7, n: 100 });
    expect(get("decisive_rate_a")).toMatchObject({ value: 45 / 70, n: 70, ci_low: wilsonInterval(45, 70)!.low });
    expect(get("split_rate").value).toBe(0.12);
    const ci = wilsonInterval(45, 70)!;
    expect(get("half_width_now").value).toBeCloseTo((ci.high - ci.low) / 2, 12);
  });

  it("projects the prompts and tasks a target half-width needs at the observed decisive share", () => {
    // 350 decisive prompts at rate 45/70 (above) / share 0.7 = 500 prompts: 400 more, 1,200 tasks at k = 3
    expect(get("prompts_for_half_width")).toMatchObject({ value: 500, n: 100 });
    expect(get("more_prompts_for_half_width").value).toBe(400);
    expect(get("more_tasks_for_half_width").value).toBe(1200);
    expect(get("prompts_for_half_width").note).toBe("at the observed decisive share 0.700 and decisive rate 0.643");
  });

  it("projects the prompts a power target needs, and the power now", () => {
    expect(get("prompts_for_power").value).toBe(Math.ceil(783 / 0.7));
    expect(get("more_prompts_for_power").value).toBe(Math.ceil(783 / 0.7) - 100);
    expect(get("power_now").value).toBeCloseTo(exactSignTestPower(70, 0.05), 12);
    expect(get("between_grader_icc").value).toBeCloseTo(1 / 7, 12);
    expect(get("effective_judgments_per_prompt").value).toBeCloseTo(3 / (1 + 2 / 7), 12);
  });

  it("never asks for fewer prompts than there are, and says why it cannot project", () => {
    const done = planRows(head, { ...collected, prompts: 5000, aWins: 2250, bWins: 1250, ties: 1500 }, targets);
    expect(done.find((r) => r.metric === "more_prompts_for_half_width")!.value).toBe(0);
    const allTies = planRows(head, { prompts: 20, aWins: 0, bWins: 0, ties: 20, splits: 0, sums: [] }, targets);
    expect(allTies.find((r) => r.metric === "prompts_for_power")).toMatchObject({ value: null, note: "no decisive prompt yet: the decisive share cannot be projected" });
  });

  it("plans a study not yet run from assumed rates", () => {
    const planned = planRows(head, { prompts: 0, aWins: 0, bWins: 0, ties: 0, splits: 0, sums: [] }, { ...targets, targetHalfWidth: 0.03 }, { decisiveShare: 0.8, decisiveRate: 0.5 });
    // 1,064 decisive prompts at rate 0.5 / 0.8 = 1,330 prompts
    expect(planned.find((r) => r.metric === "prompts_for_half_width")).toMatchObject({ value: 1330, note: "at the assumed decisive share 0.800 and decisive rate 0.500" });
    expect(planned.find((r) => r.metric === "more_tasks_for_half_width")!.value).toBe(3990);
  });

  it("projects the half-width falling towards the target", () => {
    const points = projectHalfWidth(collected, 3, 0.05);
    expect(points[0].judgments).toBe(300);
    expect(points.at(-1)!.halfWidth).toBeLessThan(0.05);
    for (let i = 1; i < points.length; i++) expect(points[i].halfWidth).toBeLessThanOrEqual(points[i - 1].halfWidth + 1e-3);
  });
});
