import { describe, expect, it } from "vitest";
import { studyGroups } from "./study-scope";

describe("studies that share models", () => {
  it("groups studies connected through shared models, the group with most models first", () => {
    const groups = studyGroups([
      { name: "A vs B", models: ["A", "B"] }, { name: "X vs Y", models: ["X", "Y"] },
      { name: "B vs C", models: ["B", "C"] }, { name: "C, D, E", models: ["C", "D", "E"] },
    ]);
    expect(groups.map((g) => g.map((s) => s.name))).toEqual([["A vs B", "B vs C", "C, D, E"], ["X vs Y"]]);
  });
});
