// Slices rated on worker threads give exactly what rating them here gives: the same seeds, the
// same arithmetic, only on other cores.
import { describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { slicesOf } from "../analytics/domain/slices";
import { prepareSlices, rateSlices, type ItemBattles } from "./domain/leaderboard";
import { rateInWorkers } from "./rate-in-workers";

describe("rating slices on worker threads", () => {
  it("gives results identical to rating them in this thread", async () => {
    const rng = createRng(3);
    const items: ItemBattles[] = [];
    const prompts = new Map<string, { locale: string; region: string; category: string; modality: "TEXT" | "IMAGE" }>();
    for (let p = 0; p < 400; p++) {
      const a = p % 5, b = (a + 1 + (p % 4)) % 5;
      prompts.set(`p${p}`, { locale: p % 2 ? "en-US" : "ja-JP", region: p % 2 ? "Americas" : "Asia-Pacific", category: `c${p % 3}`, modality: "TEXT" });
      const it: ItemBattles = { promptId: `p${p}`, dimension: "overall", a, b, aWins: 0, bWins: 0, ties: 0, style: [rng.next() - 0.5, 0, rng.next() - 0.5, 0] };
      for (let g = 0; g < 3; g++) { const x = rng.next(); if (x < 0.1) it.ties++; else if (x < 0.1 + 0.9 / (1 + 10 ** ((b - a) / 8))) it.aWins++; else it.bWins++; }
      items.push(it);
    }
    const options = { resamples: 200, seed: 9, styleControl: true };
    const prepared = prepareSlices(items, prompts, options.seed, slicesOf);
    const here = rateSlices(prepared, 5, options);
    const there = await rateInWorkers(prepared, 5, options, 0);
    expect(there).toEqual(here);
    // The workers read the dimension's arrays in shared memory.
    expect(prepared[0].items.a.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(there.length).toBe(1 + 2 + 2 + 3 + 1);
  }, 60_000);
});
