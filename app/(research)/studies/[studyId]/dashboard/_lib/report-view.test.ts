import { describe, expect, it } from "vitest";
import type { ReportRow } from "@/server/analytics/domain/report-row";
import { ciDeltas, improvementsOver, preferenceSummaries, scoreSummaries, sliceValue } from "./report-view";

const row = (over: Partial<ReportRow>): ReportRow => ({
  study: "S", type: "side_by_side", model_a: "New", model_b: "Old", dimension: "overall", slice: "all", metric: "n_prompts",
  value: null, ci_low: null, ci_high: null, n: 0, n_clusters: null, note: "", ...over,
});

describe("report view", () => {
  it("gathers one dimension and slice's side-by-side rows into one summary", () => {
    const rows = [
      row({ metric: "n_prompts", value: 40, n: 40 }), row({ metric: "n_judgments", value: 120, n: 120 }),
      row({ metric: "win_rate_a", value: 0.5, ci_low: 0.35, ci_high: 0.65, n: 40 }),
      row({ metric: "tie_rate", value: 0.2, ci_low: 0.1, ci_high: 0.35, n: 40 }),
      row({ metric: "win_rate_b", value: 0.3, ci_low: 0.18, ci_high: 0.45, n: 40 }),
      row({ metric: "decisive_rate_a", value: 0.625, ci_low: 0.45, ci_high: 0.77, n: 32 }),
      row({ metric: "sign_test_p", value: 0.21, n: 32 }),
      row({ metric: "win_rate_a", slice: "locale=ja-JP", value: 1, n: 2 }),
    ];
    const [all, ja] = preferenceSummaries(rows);
    expect(all).toMatchObject({ dimension: "overall", slice: "all", prompts: 40, judgments: 120, signP: 0.21,
      candidate: { value: 0.5, low: 0.35, high: 0.65, n: 40 }, decisive: { value: 0.625, n: 32 } });
    expect(ja.slice).toBe("locale=ja-JP");
    expect(ja.same).toEqual({ value: null, low: null, high: null, n: 0 });
  });

  it("separates per-model scores from pairwise improvements and picks those over a baseline", () => {
    const rows = [
      row({ type: "single_sided", model_a: "A", model_b: "", metric: "mean_score", value: 3.9, ci_low: 3.7, ci_high: 4.1, n: 50 }),
      row({ type: "single_sided", model_a: "B", model_b: "", metric: "mean_score", value: 3.1, n: 50 }),
      row({ type: "single_sided", model_a: "A", model_b: "B", metric: "relative_improvement_mean", value: 0.26, ci_low: 0.2, ci_high: 0.3, n: 48 }),
      row({ type: "single_sided", model_a: "B", model_b: "A", metric: "relative_improvement_mean", value: -0.2, n: 48 }),
      row({ type: "single_sided", model_a: "A", model_b: "B", metric: "mean_difference", value: 0.75, ci_low: 0.6, ci_high: 0.9, n: 48 }),
      row({ type: "single_sided", model_a: "B", model_b: "A", metric: "mean_difference", value: -0.75, n: 48 }),
      row({ type: "single_sided", model_a: "A", model_b: "B", metric: "relative_improvement_top_box", value: 0.5, ci_low: 0.25, ci_high: 0.8, n: 48 }),
      row({ type: "single_sided", model_a: "B", model_b: "A", metric: "relative_improvement_top_box", value: -0.33, n: 48 }),
    ];
    expect(scoreSummaries(rows).map((s) => [s.model, s.mean.value])).toEqual([["A", 3.9], ["B", 3.1]]);
    expect(improvementsOver(rows, "B")).toEqual([{ dimension: "overall", slice: "all", model: "A", baseline: "B", improvement: { value: 0.26, low: 0.2, high: 0.3, n: 48 },
      difference: { value: 0.75, low: 0.6, high: 0.9, n: 48 }, topBox: { value: 0.5, low: 0.25, high: 0.8, n: 48 } }]);
  });

  it("turns an interval into error-bar distances, and draws none without one", () => {
    expect(ciDeltas({ value: 0.6, low: 0.5, high: 0.75 }, 100).map((x) => +x.toFixed(9))).toEqual([10, 15]);
    expect(ciDeltas({ value: null, low: null, high: null })).toEqual([0, 0]);
  });

  it("names a slice's value", () => {
    expect(sliceValue("region=Asia-Pacific")).toBe("Asia-Pacific");
    expect(sliceValue("all")).toBe("all");
  });
});
