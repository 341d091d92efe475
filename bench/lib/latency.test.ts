import { describe, expect, it } from "vitest";
import { percentile, summarise } from "./latency";

describe("latency summaries", () => {
  it("uses nearest-rank percentiles", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(xs, 50), percentile(xs, 95), percentile(xs, 99), percentile(xs, 100)]).toEqual([50, 95, 99, 100]);
    expect(percentile([7], 99)).toBe(7);
  });

  it("reports rate per second", () => {
    expect(summarise([3, 1, 2, 4], 2)).toEqual({ count: 4, perSecond: 2, p50: 2, p95: 4, p99: 4 });
  });
});
