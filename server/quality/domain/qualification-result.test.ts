import { describe, expect, it } from "vitest";
import { qualificationResult } from "./qualification-result";

const answers = (right: number, wrong: number) => [...Array(right).fill(true), ...Array(wrong).fill(false)];

describe("qualificationResult", () => {
  it("passes exactly at the threshold and fails just below it", () => {
    expect(qualificationResult(answers(8, 2), 0.8)).toEqual({ correct: 8, total: 10, passed: true });
    expect(qualificationResult(answers(7, 3), 0.8)).toEqual({ correct: 7, total: 10, passed: false });
    expect(qualificationResult(answers(24, 6), 0.8).passed).toBe(true); // 0.8 * 30 is 24.000000000000004 in floating point
  });

  it("rounds the threshold up to whole answers", () => {
    expect(qualificationResult(answers(5, 2), 0.75).passed).toBe(false); // needs 6 of 7 (5.25 rounds up)
    expect(qualificationResult(answers(6, 1), 0.75).passed).toBe(true);
  });

  it("never passes an empty set", () => {
    expect(qualificationResult([], 0.5)).toEqual({ correct: 0, total: 0, passed: false });
  });
});
