import { describe, expect, it } from "vitest";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { sideBySideRows, type PreferenceUnit } from "./side-by-side-report";
import { signTestP } from "./sign-test";
import type { PromptAttributes } from "./slices";
import { wilsonInterval } from "./wilson-interval";

const prompts = new Map<string, PromptAttributes>([
  ["p1", { locale: "en-US", region: "Americas", category: "Math", modality: "TEXT" }],
  ["p2", { locale: "ja-JP", region: "Asia-Pacific", category: "Math", modality: "TEXT" }],
  ["p3", { locale: "en-US", region: "Americas", category: "Writing", modality: "TEXT" }],
  ["p4", { locale: "en-US", region: "Americas", category: "Writing", modality: "IMAGE" }],
]);
const unit = (promptId: string, prefs: number[], leftWins: number, sidedNonTies: number): PreferenceUnit => ({
  promptId, dimension: "overall", n: prefs.length, sum: prefs.reduce((a, b) => a + b, 0), sumSq: prefs.reduce((a, b) => a + b * b, 0), leftWins, sidedNonTies,
  positive: prefs.filter((p) => p > 0).length, negative: prefs.filter((p) => p < 0).length,
  histogram: [-3, -2, -1, 0, 1, 2, 3].map((v) => prefs.filter((p) => p === v).length),
});
const OPTS = { bootstrap: { resamples: 2000, seed: 1 }, rule: "mean" as const };
const units = [unit("p1", [2, 1, -1], 2, 3), unit("p2", [-2, -1], 1, 2), unit("p3", [1, -1], 0, 2), unit("p4", [3], 1, 1)];
const rows = sideBySideRows({ study: "S", modelA: "New", modelB: "Old" }, units, prompts, OPTS);
const get = (slice: string, metric: string) => rows.find((r) => r.slice === slice && r.metric === metric)!;

describe("side-by-side report", () => {
  it("counts prompts and judgments", () => {
    expect(get("all", "n_prompts")).toMatchObject({ value: 4, n: 4, model_a: "New", model_b: "Old", type: "side_by_side", dimension: "overall" });
    expect(get("all", "n_judgments")).toMatchObject({ value: 8, n: 8 });
  });

  it("decides each prompt by the sign of its mean preference and reports rates with Wilson intervals", () => {
    // p1 mean +2/3 → A; p2 → B; p3 mean 0 → tie; p4 → A
    expect(get("all", "win_rate_a")).toEqual({ ...get("all", "win_rate_a"), value: 0.5, n: 4, ci_low: wilsonInterval(2, 4)!.low, ci_high: wilsonInterval(2, 4)!.high });
    expect(get("all", "tie_rate").value).toBe(0.25);
    expect(get("all", "win_rate_b").value).toBe(0.25);
    expect(get("all", "decisive_rate_a")).toMatchObject({ value: 2 / 3, n: 3, ci_low: wilsonInterval(2, 3)!.low });
    expect(get("all", "sign_test_p")).toMatchObject({ value: signTestP(2, 3), n: 3, ci_low: null });
  });

  it("measures agreement over prompts with two or more judgments, interval and ordinal", () => {
    const alpha = get("all", "alpha");
    expect(alpha.value).toBeCloseTo(krippendorffAlpha([[2, 1, -1], [-2, -1], [1, -1]])!, 12);
    expect(alpha).toMatchObject({ n: 3, n_clusters: 3, ci_low: null, note: "no interval: 3 prompts, fewer than the 10 a bootstrap interval needs" });
    expect(get("all", "alpha_ordinal")).toMatchObject({ n: 3, ci_low: null });
    expect(get("all", "alpha_ordinal").value).not.toBeNull();
  });

  it("reports position bias over non-tie judgments with a known side, with no interval from four prompts", () => {
    expect(get("all", "position_bias")).toMatchObject({ value: 4 / 8, n: 8, n_clusters: 4, ci_low: null, ci_high: null,
      note: "no interval: 4 prompts, fewer than the 10 a bootstrap interval needs" });
  });

  it("resamples prompts for position bias once there are enough of them", () => {
    // 12 prompts, each with 3 sided non-ties all on one side: 6 prompts all left, 6 all right.
    const many = Array.from({ length: 12 }, (_, i) => unit(`x${i}`, [1, 1, 1], i % 2 ? 3 : 0, 3));
    const spread = sideBySideRows({ study: "S", modelA: "A", modelB: "B" }, many,
      new Map(many.map((_, i) => [`x${i}`, prompts.get("p1")!])), OPTS).find((x) => x.metric === "position_bias" && x.slice === "all")!;
    expect(spread).toMatchObject({ value: 0.5, n: 36, n_clusters: 12, note: "" });
    // Whole prompts are all-left or all-right: the interval is that of 12 coin flips, not 36.
    expect(spread.ci_high! - spread.ci_low!).toBeGreaterThan(0.45);
  });

  it("reports split prompts, and decides by majority vote when the study says so", () => {
    // p1 (+2, +1, −1) and p3 (+1, −1) are split; p2 and p4 are not.
    expect(get("all", "split_rate")).toMatchObject({ value: 0.5, n: 4, ci_low: wilsonInterval(2, 4)!.low });
    const swing = [unit("p1", [3, -1, -1], 0, 0), unit("p2", [-1], 0, 0)];
    const byMean = sideBySideRows({ study: "S", modelA: "A", modelB: "B" }, swing, prompts, OPTS);
    const byMajority = sideBySideRows({ study: "S", modelA: "A", modelB: "B" }, swing, prompts, { ...OPTS, rule: "majority" });
    const all = (rs: typeof rows, m: string) => rs.find((r) => r.slice === "all" && r.metric === m)!.value;
    expect([all(byMean, "win_rate_a"), all(byMean, "win_rate_b")]).toEqual([0.5, 0.5]);
    expect([all(byMajority, "win_rate_a"), all(byMajority, "win_rate_b")]).toEqual([0, 1]);
    expect(all(byMajority, "split_rate")).toBe(0.5);
  });

  it("Holm-adjusts each slice's sign test over its dimension's slices", () => {
    const tested = rows.filter((r) => r.metric === "sign_test_p" && r.value !== null);
    const m = tested.length;
    const sorted = [...tested].sort((a, b) => a.value! - b.value!);
    let running = 0;
    const want = new Map(sorted.map((r, i) => { running = Math.max(running, Math.min(1, (m - i) * r.value!)); return [r.slice, running]; }));
    for (const r of tested) {
      const holm = get(r.slice, "sign_test_p_holm");
      expect(holm.value).toBeCloseTo(want.get(r.slice)!, 12);
      expect(holm.note).toBe(`Holm-adjusted over ${m} slices`);
    }
  });

  it("slices by locale, region, category and modality, in a stable order", () => {
    expect(get("locale=ja-JP", "win_rate_b")).toMatchObject({ value: 1, n: 1 });
    expect(get("locale=en-US", "n_prompts").value).toBe(3);
    expect(get("region=Americas", "win_rate_a").value).toBeCloseTo(2 / 3, 12);
    expect(get("category=Writing", "tie_rate").value).toBe(0.5);
    expect(get("modality=image", "n_prompts").value).toBe(1);
    const slices = [...new Set(rows.map((r) => r.slice))];
    expect(slices).toEqual(["all", "locale=en-US", "locale=ja-JP", "region=Americas", "region=Asia-Pacific", "category=Math", "category=Writing", "modality=image", "modality=text"]);
  });

  it("leaves a rate empty, not zero, when nothing is decisive", () => {
    const only = sideBySideRows({ study: "S", modelA: "A", modelB: "B" }, [unit("p3", [1, -1], 0, 0)], prompts, OPTS);
    expect(only.find((r) => r.metric === "decisive_rate_a")).toMatchObject({ value: null, n: 0, ci_low: null });
    expect(only.find((r) => r.metric === "sign_test_p")).toMatchObject({ value: null, n: 0 });
    expect(only.find((r) => r.metric === "position_bias")).toMatchObject({ value: null, n: 0 });
  });

  it("computes agreement and position bias on the slice 'all' only when a choice says so, every other row unchanged", () => {
    const overallOnly = (r: { metric: string; slice: string }) => (r.metric.startsWith("alpha") || r.metric === "position_bias") && r.slice !== "all";
    const chosen = sideBySideRows({ study: "S", modelA: "New", modelB: "Old" }, units, prompts,
      { ...OPTS, choice: { overallOnly: new Set(["alpha", "alpha_ordinal", "position_bias"]) } });
    expect(rows.some(overallOnly)).toBe(true);
    expect(chosen).toEqual(rows.filter((r) => !overallOnly(r)));
  });
});
