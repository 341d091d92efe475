import { describe, expect, it } from "vitest";
import { holmAdjustLog } from "./holm";

const adjust = (ps: (number | null)[]) => holmAdjustLog(ps.map((p) => (p === null ? null : Math.log(p)))).map((lp) => (lp === null ? null : Math.exp(lp)));

describe("Holm adjustment", () => {
  it("matches R's p.adjust(method = \"holm\") on a hand-checked case", () => {
    // sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → running max 0.06
    const got = adjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((want, i) => expect(got[i]).toBeCloseTo(want, 12));
  });

  it("caps at 1, leaves untested slices out of the family, and keeps order for tiny p-values", () => {
    const got = adjust([0.6, null, 0.5]);
    expect(got).toEqual([1, null, 1]);
    // ln p of −2000 and −1000 are far below the smallest double, yet still adjusted and ordered
    const logs = holmAdjustLog([-1000, -2000, null]);
    expect(logs[1]).toBeCloseTo(-2000 + Math.log(2), 9);
    expect(logs[0]).toBeCloseTo(-1000, 9);
    expect(logs[2]).toBeNull();
  });
});
