import { describe, expect, it } from "vitest";
import { promptVerdict, verdictRuleOf } from "./verdict-rule";

const of = (prefs: number[]) => ({ sum: prefs.reduce((a, b) => a + b, 0), positive: prefs.filter((p) => p > 0).length, negative: prefs.filter((p) => p < 0).length });

describe("a prompt's verdict", () => {
  it("follows the mean by default and the head count under majority vote", () => {
    expect(promptVerdict(of([3, -1, -1]), "mean")).toBe(1); // mean +1/3
    expect(promptVerdict(of([3, -1, -1]), "majority")).toBe(-1); // two graders of three preferred B
    expect(promptVerdict(of([1, -1]), "mean")).toBe(0);
    expect(promptVerdict(of([1, -1]), "majority")).toBe(0);
    expect(promptVerdict(of([2, 0, 0]), "majority")).toBe(1); // ties do not vote
    expect(promptVerdict(of([0, 0]), "mean")).toBe(0);
  });

  it("reads anything but majority as the default rule", () => {
    expect([verdictRuleOf("majority"), verdictRuleOf("mean"), verdictRuleOf("")]).toEqual(["majority", "mean", "mean"]);
  });
});
