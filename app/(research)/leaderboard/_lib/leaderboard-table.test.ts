import { describe, expect, it } from "vitest";
import type { Leaderboard } from "@/server/leaderboard/schema";
import { slicesFor, standingsOf, winRateMatrix } from "./leaderboard-table";

const row = (model: string, metric: string, value: number | null, low: number | null, high: number | null, n: number, slice = "all") =>
  ({ dimension: "overall", slice, model, metric: metric as "rating", value, ci_low: low, ci_high: high, n });

const board: Leaderboard = {
  scope: { studies: ["S"], leftOut: [] }, models: ["A", "B"], dimensions: ["overall"], options: { resamples: 1000, seed: 1, styleControl: true },
  rows: [row("A", "rating", 1050, 1010, 1090, 40), row("A", "rank", 1, 1, 1, 40), row("A", "win_rate", 0.6, 0.5, 0.7, 40),
    row("B", "rating", 950, 910, 990, 40), row("B", "rank", 2, 2, 2, 40), row("B", "win_rate", 0.4, 0.3, 0.5, 40)],
  slices: [
    { dimension: "overall", slice: "all", prompts: 20, degenerateResamples: 0, styleCoefficients: null, refused: null,
      standings: [{ model: "A", rank: 1, rating: 1050, unbounded: null, notes: [] }, { model: "B", rank: 2, rating: 950, unbounded: null, notes: ["a note"] }],
      pairwise: [{ a: "A", b: "B", battles: 40, observed: 0.6, predicted: 0.64 }, { a: "B", b: "A", battles: 40, observed: 0.4, predicted: 0.36 }] },
    { dimension: "overall", slice: "locale=ja-JP", prompts: 3, degenerateResamples: 0, styleCoefficients: null, pairwise: [], standings: [],
      refused: { reason: "the comparison graph is not connected", components: [["A"], ["B"]] } },
  ],
};

describe("leaderboard table", () => {
  it("takes the server's ratings, ranks and win rates in rank order, without a style column when none was fitted", () => {
    const s = standingsOf(board, "overall", "all");
    expect(s.map((x) => x.model)).toEqual(["A", "B"]);
    expect(s[0]).toMatchObject({ rating: { value: 1050, low: 1010, high: 1090, n: 40 }, rank: { value: 1 }, styleControlled: null });
    expect(s[1].notes).toEqual(["a note"]);
  });

  it("has no standings for a refused slice, and lists slices in the server's order", () => {
    expect(standingsOf(board, "overall", "locale=ja-JP")).toEqual([]);
    expect(slicesFor(board, "overall")).toEqual(["all", "locale=ja-JP"]);
  });

  it("builds the observed and predicted win-rate matrices with empty diagonal", () => {
    expect(winRateMatrix(board, "overall", "all", ["A", "B"], "observed")).toEqual([[null, { value: 0.6, battles: 40 }], [{ value: 0.4, battles: 40 }, null]]);
    expect(winRateMatrix(board, "overall", "all", ["A", "B"], "predicted")[0][1]).toEqual({ value: 0.64, battles: 40 });
  });
});
