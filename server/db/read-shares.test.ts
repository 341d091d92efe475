import { describe, expect, it } from "vitest";
import { inTurns } from "./read-shares";

describe("read shares", () => {
  it("deals items into the shares in turn, leaving out shares with nothing", () => {
    expect(inTurns(["a", "b", "c", "d", "e"])).toEqual([["a", "c", "e"], ["b", "d"]]);
    expect(inTurns(["a"])).toEqual([["a"]]);
    expect(inTurns([])).toEqual([]);
    expect(inTurns([1, 2, 3, 4], 3)).toEqual([[1, 4], [2], [3]]);
  });
});
