import { describe, expect, it } from "vitest";
import { bootstrapMean } from "./bootstrap";
import { singleSidedRows, type ScoreUnit } from "./single-sided-report";
import type { PromptAttributes } from "./slices";
import { wilsonInterval } from "./wilson-interval";

const attrs: PromptAttributes = { locale: "en-US", region: "Americas", category: "Math", modality: "TEXT" };
const prompts = new Map([["p1", attrs], ["p2", attrs], ["p3", { ...attrs, category: "Writing" }]]);
const unit = (promptId: string, model: string, scores: number[]): ScoreUnit => ({
  promptId, model, dimension: "overall", n: scores.length, sum: scores.reduce((a, b) => a + b, 0),
  sumSq: scores.reduce((a, b) => a + b * b, 0), topBox: scores.filter((s) => s >= 4).length,
});
const units = [unit("p1", "X", [4, 5]), unit("p2", "X", [3]), unit("p3", "X", [5, 5]), unit("p1", "Y", [3, 3]), unit("p2", "Y", [2, 4])];
const OPTS = { resamples: 1000, seed: 7 };
const rows = singleSidedRows("S", units, prompts, OPTS);
const get = (a: string, b: string, metric: string, slice = "all") => rows.find((r) => r.model_a === a && r.model_b === b && r.metric === metric && r.slice === slice)!;

describe("single-sided report", () => {
  it("averages prompt means, not judgments, with a bootstrap interval over prompts", () => {
    expect(get("X", "", "mean_score")).toMatchObject({ value: (4.5 + 3 + 5) / 3, n: 3, type: "single_sided" });
    expect(get("X", "", "mean_score").ci_low).toBe(bootstrapMean([4.5, 3, 5], OPTS, "mean|X|overall|all")!.low);
    expect(get("Y", "", "mean_score")).toMatchObject({ value: 3, n: 2 });
  });

  it("reports the top-box rate over judgments with a Wilson interval", () => {
    expect(get("X", "", "top_box_rate")).toMatchObject({ value: 0.8, n: 5, ci_low: wilsonInterval(4, 5)!.low });
    expect(get("Y", "", "top_box_rate")).toMatchObject({ value: 0.25, n: 4 });
    expect(get("X", "", "n_judgments").value).toBe(5);
  });

  it("gives the relative improvement of every ordered pair over their shared prompts", () => {
    // shared prompts p1, p2: X means 4.5 and 3 (3.75), Y means 3 and 3 (3)
    const xy = get("X", "Y", "relative_improvement_mean");
    expect(xy).toMatchObject({ value: 0.25, n: 2 });
    expect(xy.ci_low!).toBeLessThanOrEqual(0.25);
    expect(xy.ci_high!).toBeGreaterThanOrEqual(0.25);
    expect(get("Y", "X", "relative_improvement_mean")).toMatchObject({ value: -0.2, n: 2 });
  });

  it("slices like side-by-side reports, leaving pairs out where models share no prompt", () => {
    expect(get("X", "", "mean_score", "category=Writing")).toMatchObject({ value: 5, n: 1 });
    expect(rows.find((r) => r.slice === "category=Writing" && r.metric === "relative_improvement_mean")).toBeUndefined();
  });
});
