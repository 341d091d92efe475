import { describe, expect, it } from "vitest";
import { bootstrapMean } from "./bootstrap";
import { ScoreSeries, singleSidedRows, type ScoreUnit, type ScoreUnitColumns } from "./single-sided-report";
import type { PromptAttributes } from "./slices";
import { bootstrapShare } from "./cluster-bootstrap";

const attrs: PromptAttributes = { locale: "en-US", region: "Americas", category: "Math", modality: "TEXT" };
const prompts = new Map([["p1", attrs], ["p2", attrs], ["p3", { ...attrs, category: "Writing" }]]);
const unit = (promptId: string, model: string, scores: number[]): ScoreUnit => ({
  promptId, model, dimension: "overall", n: scores.length, sum: scores.reduce((a, b) => a + b, 0),
  topBox: scores.filter((s) => s >= 4).length,
  histogram: [1, 2, 3, 4, 5].map((v) => scores.filter((s) => s === v).length),
});
const units = [unit("p1", "X", [4, 5]), unit("p2", "X", [3]), unit("p3", "X", [5, 5]), unit("p1", "Y", [3, 3]), unit("p2", "Y", [2, 4])];
const OPTS = { resamples: 1000, seed: 7 };
const rows = singleSidedRows("S", units, prompts, OPTS);
const get = (a: string, b: string, metric: string, slice = "all") => rows.find((r) => r.model_a === a && r.model_b === b && r.metric === metric && r.slice === slice)!;

describe("single-sided report", () => {
  it("averages prompt means, not judgments, and gives no bootstrap interval from three prompts", () => {
    expect(get("X", "", "mean_score")).toMatchObject({ value: (4.5 + 3 + 5) / 3, n: 3, type: "single_sided", ci_low: null, n_clusters: 3,
      note: "no interval: 3 prompts, fewer than the 10 a bootstrap interval needs" });
    expect(get("Y", "", "mean_score")).toMatchObject({ value: 3, n: 2 });
  });

  it("reports the top-box rate over judgments, n = judgments, with its prompts as clusters", () => {
    expect(get("X", "", "top_box_rate")).toMatchObject({ value: 0.8, n: 5, n_clusters: 3, ci_low: null });
    expect(get("Y", "", "top_box_rate")).toMatchObject({ value: 0.25, n: 4 });
    expect(get("X", "", "n_judgments").value).toBe(5);
  });

  it("gives the relative improvement of every ordered pair over their shared prompts", () => {
    // shared prompts p1, p2: X means 4.5 and 3 (3.75), Y means 3 and 3 (3)
    expect(get("X", "Y", "relative_improvement_mean")).toMatchObject({ value: 0.25, n: 2, ci_low: null });
    expect(get("X", "Y", "relative_improvement_mean").note).toMatch(/^depends on where the scale starts .*; no interval: 2 prompts/);
    expect(get("Y", "X", "relative_improvement_mean")).toMatchObject({ value: -0.2, n: 2 });
    expect(get("X", "Y", "mean_difference")).toMatchObject({ value: 0.75, n: 2 });
  });

  describe("with enough prompts for intervals (12 shared prompts, hand-computed)", () => {
    // p0–p5: X scores 5, 4 (mean 4.5, top box 1); Y 4, 2 (mean 3, top box ½).
    // p6–p11: X 3, 3 (mean 3, top box 0); Y 2, 2 (mean 2, top box 0).
    // X: mean 3.75, top-box share 0.5; Y: mean 2.5, top-box share 0.25.
    const ids = Array.from({ length: 12 }, (_, i) => `q${i}`);
    const big = singleSidedRows("S", ids.flatMap((id, i) => [unit(id, "X", i < 6 ? [5, 4] : [3, 3]), unit(id, "Y", i < 6 ? [4, 2] : [2, 2])]),
      new Map(ids.map((id) => [id, attrs])), OPTS);
    const at = (a: string, b: string, metric: string) => big.find((r) => r.model_a === a && r.model_b === b && r.metric === metric && r.slice === "all")!;

    it("bootstraps the mean and the top-box rate over prompts", () => {
      expect(at("X", "", "mean_score")).toMatchObject({ value: 3.75, n: 12, n_clusters: 12, note: "", ci_low: bootstrapMean([...Array(6).fill(4.5), ...Array(6).fill(3)], OPTS, "mean|X|overall|all")!.low });
      const top = at("X", "", "top_box_rate");
      expect(top).toMatchObject({ value: 0.5, n: 24, n_clusters: 12, note: "" });
      expect(top.ci_low).toBe(bootstrapShare([{ successes: 2, trials: 2, count: 6 }, { successes: 0, trials: 2, count: 6 }], OPTS, "topbox|X|overall|all")!.low);
      // whole prompts are all-top or none: the interval is that of 12 coin flips
      expect(top.ci_high! - top.ci_low!).toBeGreaterThan(0.45);
    });

    it("gives the mean difference and the relative improvement of the top-box share, both directions, with paired intervals", () => {
      expect(at("X", "Y", "mean_difference")).toMatchObject({ value: 1.25, n: 12, n_clusters: 12, note: "" });
      expect(at("Y", "X", "mean_difference").value).toBe(-1.25);
      expect(at("Y", "X", "mean_difference").ci_low).toBeCloseTo(-at("X", "Y", "mean_difference").ci_high!, 12);
      // every prompt moves X and Y alike within its half: the difference is 1.5 or 1, so its interval stays inside [1, 1.5]
      expect(at("X", "Y", "mean_difference").ci_low!).toBeGreaterThanOrEqual(1);
      expect(at("X", "Y", "mean_difference").ci_high!).toBeLessThanOrEqual(1.5);
      expect(at("X", "Y", "relative_improvement_mean").value).toBe(0.5);
      expect(at("X", "Y", "relative_improvement_top_box")).toMatchObject({ value: 1, n: 12 });
      expect(at("Y", "X", "relative_improvement_top_box").value).toBe(-0.5);
      expect(at("X", "Y", "relative_improvement_top_box").ci_low!).toBeLessThanOrEqual(1);
      expect(at("X", "Y", "relative_improvement_top_box").ci_high!).toBeGreaterThanOrEqual(1);
    });
  });

  it("slices like side-by-side reports, leaving pairs out where models share no prompt", () => {
    expect(get("X", "", "mean_score", "category=Writing")).toMatchObject({ value: 5, n: 1 });
    expect(rows.find((r) => r.slice === "category=Writing" && r.metric === "relative_improvement_mean")).toBeUndefined();
  });

  it("sums units from columns as it sums them one by one, leaving out what `keep` refuses", () => {
    const columns: ScoreUnitColumns = {
      length: units.length, item: Int32Array.from(units.keys()), promptOf: units.map((u) => u.promptId),
      model: Int32Array.from(units, (u) => (u.model === "X" ? 0 : 1)), models: ["X", "Y"],
      dimension: new Int32Array(units.length), dimensions: ["overall"],
      histogram: [0, 1, 2, 3, 4].map((p) => Float64Array.from(units, (u) => u.histogram[p])),
    };
    const fromColumns = new ScoreSeries(prompts);
    fromColumns.addColumns(columns);
    expect(fromColumns.rows("S", OPTS)).toEqual(rows);
    const kept = new ScoreSeries(prompts);
    kept.addColumns(columns, { prompt: (promptId) => promptId !== "p3", dimension: () => true });
    expect(kept.rows("S", OPTS)).toEqual(singleSidedRows("S", units.filter((u) => u.promptId !== "p3"), prompts, OPTS));
    const noDimension = new ScoreSeries(prompts);
    noDimension.addColumns(columns, { prompt: () => true, dimension: (d) => d !== "overall" });
    expect(noDimension.rows("S", OPTS)).toEqual([]);
  });

  it("gives the same figures to the last bit whatever order the units come in", () => {
    // Prompt means in thirds (three graders) do not add up exactly in floating point, so a sum
    // taken prompt by prompt depends on the order the database handed the units over.
    const many = new Map<string, PromptAttributes>();
    const scored: ScoreUnit[] = [];
    for (let i = 0; i < 300; i++) {
      many.set(`p${i}`, { ...attrs, locale: i % 2 ? "en-US" : "fr-FR", region: i % 2 ? "Americas" : "Europe" });
      scored.push(unit(`p${i}`, "X", [1 + (i % 5), 1 + ((i * 7) % 5), 1 + ((i * 3) % 4)]));
      scored.push(unit(`p${i}`, "Y", [1 + ((i * 11) % 5), 1 + ((i * 13) % 5), 2 + (i % 3)]));
    }
    const shuffled = scored.map((u, k) => ({ u, key: (k * 7919) % scored.length })).sort((a, b) => a.key - b.key).map((x) => x.u);
    const inOrder = singleSidedRows("S", scored, many, OPTS);
    const reordered = singleSidedRows("S", shuffled, many, OPTS);
    expect(reordered).toEqual(inOrder);
    const mean = inOrder.find((r) => r.model_a === "X" && r.metric === "mean_score" && r.slice === "all")!;
    expect(mean.value).toBeCloseTo(scored.filter((u) => u.model === "X").reduce((s, u) => s + u.sum / u.n, 0) / 300, 12);
  });

  it("computes only the rows a choice asks for, agreement on the slice 'all' only when asked so", () => {
    const overall = singleSidedRows("S", units, prompts, OPTS, undefined, { overallOnly: new Set(["alpha", "alpha_ordinal"]) });
    const perSliceAlpha = (r: { metric: string; slice: string }) => r.metric.startsWith("alpha") && r.slice !== "all";
    expect(rows.some(perSliceAlpha)).toBe(true);
    expect(overall).toEqual(rows.filter((r) => !perSliceAlpha(r)));
    const chosen = singleSidedRows("S", units, prompts, OPTS, undefined, { metrics: new Set(["mean_score", "alpha"]), overallOnly: new Set(["alpha"]) });
    expect(new Set(chosen.map((r) => `${r.metric} ${r.slice === "all" ? "all" : "slice"}`)))
      .toEqual(new Set(["mean_score all", "mean_score slice", "alpha all"]));
  });
});
