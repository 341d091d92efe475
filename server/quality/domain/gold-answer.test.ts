import { describe, expect, it } from "vitest";
import { translate } from "../../i18n/translator";
import { describeAnswerForGrader, describeExpectation, describeForGrader, matchesExpectation, type GraderWords } from "./gold-answer";

const verdict = (v: "CANDIDATE" | "BASELINE" | "SAME") => ({ verdict: v, scoreMin: null, scoreMax: null });
const range = (lo: number, hi: number) => ({ verdict: null, scoreMin: lo, scoreMax: hi });

// The words as an English-reading grader sees them (the catalogue translates the same keys).
const inEnglish = (w: GraderWords) => translate("en", `qualification.answer.${w.key}`, w.values);

describe("matchesExpectation", () => {
  it("reads a side-by-side answer by its sign, in the candidate's terms", () => {
    expect(matchesExpectation(verdict("CANDIDATE"), { preference: 1, score: null })).toBe(true);
    expect(matchesExpectation(verdict("CANDIDATE"), { preference: 0, score: null })).toBe(false);
    expect(matchesExpectation(verdict("BASELINE"), { preference: -3, score: null })).toBe(true);
    expect(matchesExpectation(verdict("BASELINE"), { preference: 2, score: null })).toBe(false);
    expect(matchesExpectation(verdict("SAME"), { preference: 0, score: null })).toBe(true);
    expect(matchesExpectation(verdict("SAME"), { preference: -1, score: null })).toBe(false);
  });

  it("counts 'cannot assess' on a checked dimension as a miss", () => {
    expect(matchesExpectation(verdict("SAME"), { preference: null, score: null })).toBe(false);
    expect(matchesExpectation(range(1, 5), { preference: null, score: null })).toBe(false);
  });

  it("checks a score range inclusively", () => {
    expect(matchesExpectation(range(4, 5), { preference: null, score: 4 })).toBe(true);
    expect(matchesExpectation(range(4, 5), { preference: null, score: 5 })).toBe(true);
    expect(matchesExpectation(range(4, 5), { preference: null, score: 3 })).toBe(false);
    expect(matchesExpectation(range(2, 2), { preference: null, score: 2 })).toBe(true);
  });
});

describe("descriptions", () => {
  it("name the expectation for researchers", () => {
    expect(describeExpectation(verdict("BASELINE"))).toBe("baseline better");
    expect(describeExpectation(range(4, 5))).toBe("score 4–5");
    expect(describeExpectation(range(3, 3))).toBe("score 3");
  });

  it("tell a grader which of the responses on their screen was expected, never which model", () => {
    expect(inEnglish(describeForGrader(verdict("CANDIDATE"), "LEFT"))).toBe("Response 1 better");
    expect(inEnglish(describeForGrader(verdict("CANDIDATE"), "RIGHT"))).toBe("Response 2 better");
    expect(inEnglish(describeForGrader(verdict("BASELINE"), "RIGHT"))).toBe("Response 1 better");
    expect(inEnglish(describeForGrader(verdict("SAME"), "RIGHT"))).toBe("about the same");
    expect(inEnglish(describeAnswerForGrader({ preference: 2, score: null }, "RIGHT"))).toBe("Response 2 better (2 of 3)");
    expect(inEnglish(describeAnswerForGrader({ preference: -1, score: null }, "RIGHT"))).toBe("Response 1 better (1 of 3)");
    expect(inEnglish(describeAnswerForGrader({ preference: null, score: null }, "LEFT"))).toBe("cannot assess");
    expect(inEnglish(describeForGrader(range(4, 5), null))).toBe("a score from 4 to 5");
    expect(inEnglish(describeAnswerForGrader({ preference: null, score: 4 }, null))).toBe("4");
  });
});
