import { describe, expect, it } from "vitest";
import { canTransition, STUDY_STATUSES, transitionError } from "./study-status";

describe("study status", () => {
  it("allows exactly the documented transitions", () => {
    const allowed = STUDY_STATUSES.flatMap((from) => STUDY_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed).toEqual(["DRAFT->RUNNING", "RUNNING->PAUSED", "RUNNING->COMPLETED", "PAUSED->RUNNING", "PAUSED->COMPLETED"]);
  });

  it("explains refusals", () => {
    expect(transitionError("RUNNING", "RUNNING")).toBe("The study is already running.");
    expect(transitionError("COMPLETED", "RUNNING")).toBe("A completed study cannot change status.");
    expect(transitionError("DRAFT", "PAUSED")).toBe("A draft study cannot be set to paused; allowed: running.");
    expect(transitionError("DRAFT", "RUNNING")).toBeNull();
  });
});
