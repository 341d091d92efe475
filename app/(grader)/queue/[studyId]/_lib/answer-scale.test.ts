import { describe, expect, it } from "vitest";
import { choicesFor, describeChoice, valueForKey } from "./answer-scale";

describe("answer scale", () => {
  it("maps keys 1..7 onto -3..+3 for side-by-side", () => {
    expect(choicesFor(-3, 3).map((c) => [c.key, c.value])).toEqual([["1", -3], ["2", -2], ["3", -1], ["4", 0], ["5", 1], ["6", 2], ["7", 3]]);
    expect(valueForKey("1", -3, 3)).toBe(-3);
    expect(valueForKey("8", -3, 3)).toBeNull();
  });

  it("maps keys 1..5 onto scores for single-sided", () => {
    expect(choicesFor(1, 5).map((c) => [c.key, c.value, c.label])).toEqual([
      ["1", 1, "Very poor"], ["2", 2, "Poor"], ["3", 3, "Acceptable"], ["4", 4, "Good"], ["5", 5, "Excellent"]]);
  });

  it("names which response a preference favours", () => {
    const c = choicesFor(-3, 3);
    expect(describeChoice(c[0], -3)).toBe("Much better for Response 1");
    expect(describeChoice(c[3], -3)).toBe("About the same");
    expect(describeChoice(c[4], -3)).toBe("Slightly better for Response 2");
    expect(describeChoice(choicesFor(1, 5)[4], 1)).toBe("5: Excellent");
  });
});
