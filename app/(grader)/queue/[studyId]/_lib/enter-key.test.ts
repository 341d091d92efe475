import { describe, expect, it } from "vitest";
import { enterSubmits, firstUnanswered } from "./enter-key";

describe("the Enter key on the task page", () => {
  it("submits from the answers or the page, never from another button, link or a text field", () => {
    expect(enterSubmits("answer", false)).toBe(true);
    expect(enterSubmits("page", false)).toBe(true);
    for (const f of ["other-control", "text-field", "submit-button"] as const) expect(enterSubmits(f, false)).toBe(false);
  });
  it("always submits with Ctrl or ⌘", () => {
    for (const f of ["answer", "page", "other-control", "text-field", "submit-button"] as const) expect(enterSubmits(f, true)).toBe(true);
  });
  it("puts focus on the first unanswered dimension", () => {
    expect(firstUnanswered(["overall", "truth", "style"], { overall: 2 })).toBe(1);
    expect(firstUnanswered(["overall", "truth"], { overall: 2, truth: -1 })).toBe(0);
    expect(firstUnanswered(["overall", "truth"], {})).toBe(0);
  });
});
