import { describe, expect, it } from "vitest";
import { chartCsv, csvNumber, legendMarkSvg } from "./chart-download";

describe("chart CSV downloads", () => {
  it("write numbers without float noise, keep small real values, and neutralise formulas", () => {
    expect(csvNumber(1.3877787807814457e-17)).toBe(0);
    expect(csvNumber(0.1 + 0.2)).toBe(0.3);
    expect(csvNumber(3e-30, "sign_test_p")).toBe(3e-30);
    expect(csvNumber(-0.4560000000000001)).toBe(-0.456);
    expect(chartCsv([{ group: "=evil()", share: 0.1 + 0.2, p: 2.5e-12, tie: 1 - 0.7 - 0.3 }])).toBe("group,share,p,tie\n'=evil(),0.3,2.5e-12,0\n");
  });
  it("start with a byte-order mark when asked, for Excel", () => {
    expect(chartCsv([{ locale: "ja-JP", label: "日本語" }], { bom: true })).toBe("\uFEFFlocale,label\nja-JP,日本語\n");
    expect(chartCsv([{ a: 1 }]).startsWith("\uFEFF")).toBe(false);
  });
});

describe("chart legends in downloaded pictures", () => {
  it("draw each series' mark as the chart does: a square by default, a dot, or an unfilled ring", () => {
    expect(legendMarkSvg({ label: "share", color: "#123456" }, 8, 32)).toEqual({ name: "rect", attrs: { x: 8, y: 32, width: 12, height: 12, fill: "#123456" } });
    expect(legendMarkSvg({ label: "rating", color: "#123456", mark: "dot" }, 8, 32)).toEqual({ name: "circle", attrs: { cx: 14, cy: 38, r: 5, fill: "#123456" } });
    expect(legendMarkSvg({ label: "style-controlled", color: "#abcdef", mark: "ring" }, 8, 32))
      .toEqual({ name: "circle", attrs: { cx: 14, cy: 38, r: 4.5, fill: "none", stroke: "#abcdef", "stroke-width": 2 } });
  });
});
