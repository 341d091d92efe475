import { describe, expect, it } from "vitest";
import { choiceDescription, choicesFor, valueForKey } from "./answer-scale";

describe("answer scale", () => {
  it("maps keys 1..7 onto -3..+3 for side-by-side", () => {
    expect(choicesFor(-3, 3).map((c) => [c.key, c.value, c.word])).toEqual([["1", -3, "much"], ["2", -2, "better"], ["3", -1, "slightly"],
      ["4", 0, "same"], ["5", 1, "slightly"], ["6", 2, "better"], ["7", 3, "much"]]);
    expect(valueForKey("1", -3, 3)).toBe(-3);
    expect(valueForKey("8", -3, 3)).toBeNull();
  });

  it("maps keys 1..5 onto scores for single-sided", () => {
    expect(choicesFor(1, 5).map((c) => [c.key, c.value, c.word])).toEqual([
      ["1", 1, "score1"], ["2", 2, "score2"], ["3", 3, "score3"], ["4", 4, "score4"], ["5", 5, "score5"]]);
    expect(choicesFor(0, 6).at(-1)).toEqual({ value: 6, key: "7", word: null });
  });

  it("names which response a preference favours", () => {
    const c = choicesFor(-3, 3);
    expect(choiceDescription(c[0], -3)).toEqual({ key: "forResponse", values: { strength: 3, n: 1 } });
    expect(choiceDescription(c[3], -3)).toEqual({ key: "same", values: {} });
    expect(choiceDescription(c[4], -3)).toEqual({ key: "forResponse", values: { strength: 1, n: 2 } });
    expect(choiceDescription(choicesFor(1, 5)[4], 1)).toEqual({ key: "scoreChoice", values: { value: 5 } });
  });
});
