import { describe, expect, it } from "vitest";
import { splitJoinedList } from "./joined-list";

describe("splitJoinedList", () => {
  it("splits a joined list into its values in order", () => {
    expect(splitJoinedList("01J9,c1x,zz", 3, "items")).toEqual(["01J9", "c1x", "zz"]);
    expect(splitJoinedList("only", 1, "items")).toEqual(["only"]);
  });

  it("reads NULL as no values", () => {
    expect(splitJoinedList(null, 0, "items")).toEqual([]);
    expect(() => splitJoinedList(null, 2, "items")).toThrow("items: expected 2 values, got none");
  });

  it("refuses a list whose count does not match, as when a value holds the separator", () => {
    expect(() => splitJoinedList("a,b,c", 2, "unit items")).toThrow(/unit items: expected 2 values, got 3/);
  });
});
