import { describe, expect, it } from "vitest";
import { throttledProgress, type PhaseProgress } from "./progress-throttle";

describe("throttledProgress", () => {
  it("drops reports of one phase closer than the gap, and never a phase's first or last", () => {
    let clock = 0;
    const sent: string[] = [];
    const report = throttledProgress((p: PhaseProgress) => sent.push(`${p.phase} ${p.done}/${p.total}`), 250, () => clock);
    const at = (ms: number, phase: string, done: number, total: number) => { clock = ms; report({ phase, done, total }); };
    at(0, "checking", 0, 100);
    at(100, "checking", 40, 100); // within the gap: dropped
    at(300, "checking", 80, 100);
    at(310, "checking", 100, 100); // the last: sent
    at(320, "preparing", 0, 1); // a new phase: sent although 10 ms after the last
    at(330, "writing", 0, 5);
    at(340, "writing", 3, 5); // dropped
    at(350, "writing", 5, 5);
    at(360, "counting", 0, 1);
    at(9_000, "counting", 1, 1);
    expect(sent).toEqual(["checking 0/100", "checking 80/100", "checking 100/100", "preparing 0/1", "writing 0/5", "writing 5/5", "counting 0/1", "counting 1/1"]);
  });
});
