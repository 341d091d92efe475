import { describe, expect, it } from "vitest";
import { medianSeconds } from "./session-stats";

describe("medianSeconds", () => {
  it("takes the middle value, or the mean of the two middle ones, in whole seconds", () => {
    expect(medianSeconds([])).toBeNull();
    expect(medianSeconds([30_000, 10_000, 20_000])).toBe(20);
    expect(medianSeconds([10_000, 40_000, 20_000, 30_000])).toBe(25);
    expect(medianSeconds([1_400])).toBe(1);
  });
});
