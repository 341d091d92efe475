import { describe, expect, it } from "vitest";
import { PreferenceUnitGroups } from "./preference-unit-groups";

const H = [0, 0, 1, 0, 2, 0, 0];

describe("preference unit groups", () => {
  it("merges prompts with the same group, dimension, histogram and position counts, and counts them", () => {
    const g = new PreferenceUnitGroups();
    g.add(3, "p1", "A\u0000B", "overall", H, 42, 1, 2);
    g.add(3, "p2", "A\u0000B", "overall", H, 42, 1, 2);
    g.add(3, "p3", "A\u0000B", "overall", H, 42, 1, 2);
    const units = g.units();
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({ promptId: "p1", pair: "A\u0000B", dimension: "overall", count: 3, n: 3, leftWins: 1, sidedNonTies: 2 });
  });

  it("keeps apart prompts that differ in any one of them, at the edges of the numeric key too", () => {
    const g = new PreferenceUnitGroups();
    const variants: [number, string, number | string, number, number][] = [
      [1, "overall", 42, 0, 0], [2, "overall", 42, 0, 0], [1, "truthfulness", 42, 0, 0], [1, "overall", 43, 0, 0], [1, "overall", "0,0,1,0,2,0,0", 0, 0],
      [1, "overall", 42, 1, 0], [1, "overall", 42, 0, 1],
      // position counts beyond the numeric key's field, and a group number beyond its range
      [1, "overall", 42, 0, 1024], [1, "overall", 42, 1024, 0], [1, "overall", 42, 1023, 1023],
      [1, "overall", 42, 1, 0], // a repeat: merges
      [2 ** 26, "overall", 42, 0, 0], [2 ** 26 + 1, "overall", 42, 0, 0],
    ];
    for (const [group, dimension, key, lw, snt] of variants) g.add(group, `p${group}`, "A\u0000B", dimension, H, key, lw, snt);
    const distinct = new Set(variants.map((v) => v.join("|")));
    expect(g.units()).toHaveLength(distinct.size);
    expect(g.units().reduce((n, u) => n + (u.count ?? 1), 0)).toBe(variants.length);
  });
});
