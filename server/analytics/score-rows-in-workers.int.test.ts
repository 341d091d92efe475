// A single-sided report's rows computed on worker threads equal those computed here: the same
// seeds, the same arithmetic, only on other cores, merged back in the rows' order.
import { describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { DEFAULT_BOOTSTRAP } from "./domain/bootstrap";
import { scoreSeriesOf, type ScoreUnit } from "./domain/single-sided-report";
import type { PromptAttributes } from "./domain/slices";
import { scoreRowsInWorkers } from "./score-rows-in-workers";

describe("single-sided rows on worker threads", () => {
  it("are the rows computed in this thread, in the same order", async () => {
    const rng = createRng(8);
    const prompts = new Map<string, PromptAttributes>();
    const units: ScoreUnit[] = [];
    for (let p = 0; p < 300; p++) {
      prompts.set(`p${p}`, { locale: p % 2 ? "en-US" : "ja-JP", region: p % 2 ? "Americas" : "Asia-Pacific", category: `c${p % 3}`, modality: "TEXT" });
      for (const model of ["A", "B", "C"]) {
        for (const dimension of ["overall", "truthfulness", "presentation"]) {
          const histogram = [0, 0, 0, 0, 0];
          for (let g = 0; g < 3; g++) histogram[Math.min(4, rng.int(0, 3) + (model === "A" ? 1 : 0))]++;
          const scores = histogram.flatMap((c, v) => Array<number>(c).fill(v + 1));
          units.push({ promptId: `p${p}`, model, dimension, n: 3, sum: scores.reduce((a, b) => a + b, 0), topBox: histogram[3] + histogram[4], histogram });
        }
      }
    }
    const bootstrap = { ...DEFAULT_BOOTSTRAP, resamples: 300 };
    const here = scoreSeriesOf(units, prompts).rows("S", bootstrap);
    const there = await scoreRowsInWorkers(scoreSeriesOf(units, prompts), "S", bootstrap, undefined, 0);
    expect(there).toEqual(here);
    expect(new Set(there.map((r) => r.dimension)).size).toBe(3);
    // A choice of rows reaches the workers, the slice "all" only ones included.
    const choice = { metrics: new Set(["mean_score", "relative_improvement_mean", "alpha"]), overallOnly: new Set(["alpha"]) };
    const chosen = await scoreRowsInWorkers(scoreSeriesOf(units, prompts), "S", bootstrap, choice, 0);
    expect(chosen).toEqual(scoreSeriesOf(units, prompts).rows("S", bootstrap, choice));
    expect(new Set(chosen.filter((r) => r.metric === "alpha").map((r) => r.slice))).toEqual(new Set(["all"]));
  }, 60_000);
});
