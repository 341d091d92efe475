import { describe, expect, it } from "vitest";
import { excludedRows } from "./excluded-rows";

describe("excludedRows", () => {
  const head = { study: "S", type: "side_by_side" as const, modelA: "A", modelB: "B" };
  it("adds one row per dimension with excluded judgments, none otherwise", () => {
    expect(excludedRows(head, [])).toEqual([]);
    expect(excludedRows(head, [{ dimension: "overall", judgments: 12 }, { dimension: "truthfulness", judgments: 0 }])).toEqual([
      { study: "S", type: "side_by_side", model_a: "A", model_b: "B", dimension: "overall", slice: "all", metric: "excluded_judgments", value: 12, ci_low: null, ci_high: null, n: 12, n_clusters: null, note: "" },
    ]);
  });
});
