import { describe, expect, it } from "vitest";
import { PhaseTimes } from "./phase-times";

describe("PhaseTimes", () => {
  it("times each phase from its first report to the next phase's, the last to the end", () => {
    const t = new PhaseTimes();
    t.mark("checking", 1_000);
    t.mark("checking", 5_000); // later reports of the same phase do not restart it
    t.mark("preparing", 7_700);
    t.mark("writing", 11_400);
    t.mark("writing", 29_000);
    t.mark("counting", 30_000);
    expect(t.summary(47_850)).toBe("checking 6.7 s, preparing 3.7 s, writing 18.6 s, counting 17.9 s");
  });

  it("counts a phase that comes back as a phase of its own, and says nothing when nothing was reported", () => {
    const t = new PhaseTimes();
    expect(t.summary(10)).toBe("");
    t.mark("a", 0);
    t.mark("b", 1_000);
    t.mark("a", 1_500);
    expect(t.summary(2_000)).toBe("a 1.0 s, b 0.5 s, a 0.5 s");
  });
});
