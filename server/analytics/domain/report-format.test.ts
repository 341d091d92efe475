import { describe, expect, it } from "vitest";
import { formatNumber, reportToCsvRecords } from "./report-format";

describe("report formatting", () => {
  it("writes plain decimals, fractions as they are, and empties for undefined values", () => {
    expect(formatNumber(0.456)).toBe("0.456");
    expect(formatNumber(1 / 3)).toBe("0.333333333333");
    expect(formatNumber(42)).toBe("42");
    expect(formatNumber(null)).toBe("");
    expect(formatNumber(NaN)).toBe("");
    expect(formatNumber(3.2e-12)).toBe("3.200000e-12");
  });

  it("puts the header first and the columns in the documented order", () => {
    const [header, row] = reportToCsvRecords([{ study: "S", type: "side_by_side", model_a: "A", model_b: "B", dimension: "overall",
      slice: "all", metric: "position_bias", value: 0.5, ci_low: 0.25, ci_high: 0.75, n: 4, n_clusters: 2, note: "no interval, see why" }]);
    expect(header).toEqual(["study", "type", "model_a", "model_b", "dimension", "slice", "metric", "value", "ci_low", "ci_high", "n", "n_clusters", "note"]);
    expect(row).toEqual(["S", "side_by_side", "A", "B", "overall", "all", "position_bias", "0.5", "0.25", "0.75", "4", "2", "no interval, see why"]);
  });
});
