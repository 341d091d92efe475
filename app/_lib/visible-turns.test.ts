import { describe, expect, it } from "vitest";
import { OPEN_TURNS, visibleTurns } from "./visible-turns";

describe("which earlier turns are open", () => {
  it("shows a short conversation whole (folding one turn would save nothing)", () => {
    expect(visibleTurns(OPEN_TURNS + 1, false)).toEqual({ shown: 0, hidden: 0 });
    expect(visibleTurns(2, false)).toEqual({ shown: 0, hidden: 0 });
  });

  it("opens the latest turns of a long one and folds the rest until expanded", () => {
    expect(visibleTurns(11, false)).toEqual({ shown: 11 - OPEN_TURNS, hidden: 11 - OPEN_TURNS });
    expect(visibleTurns(11, true)).toEqual({ shown: 0, hidden: 0 });
  });
});
