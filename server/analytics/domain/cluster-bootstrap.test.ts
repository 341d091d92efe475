import { describe, expect, it } from "vitest";
import { addCluster, bootstrapShare, clusteredShare, MIN_CLUSTERS, type ClusterCount } from "./cluster-bootstrap";
import { mulberry32 } from "./seeded-random";
import { wilsonInterval } from "./wilson-interval";

const OPTS = { resamples: 2000, seed: 7 };

/** One simulated study: `prompts` prompts, k judgments each, all sharing their prompt's probability. */
function clusteredStudy(u: () => number, prompts: number, k: number, promptP: () => number): { tally: Map<string, ClusterCount>; successes: number; trials: number } {
  const tally = new Map<string, ClusterCount>();
  let successes = 0;
  for (let i = 0; i < prompts; i++) {
    const p = promptP();
    let s = 0;
    for (let j = 0; j < k; j++) if (u() < p) s++;
    addCluster(tally, s, k);
    successes += s;
  }
  return { tally, successes, trials: prompts * k };
}

describe("bootstrap over clusters", () => {
  it("agrees with Wilson when every cluster is one independent judgment", () => {
    const tally = new Map<string, ClusterCount>();
    addCluster(tally, 1, 1, 130);
    addCluster(tally, 0, 1, 270);
    const boot = bootstrapShare([...tally.values()], OPTS, "x")!;
    const wilson = wilsonInterval(130, 400)!;
    expect(boot.low).toBeCloseTo(wilson.low, 2);
    expect(boot.high).toBeCloseTo(wilson.high, 2);
  });

  it("is the same interval however the clusters were tallied", () => {
    const a = new Map<string, ClusterCount>();
    const b = new Map<string, ClusterCount>();
    const cs: [number, number][] = [[0, 3], [1, 3], [2, 3], [3, 3], [1, 2], [2, 2], [0, 1]];
    cs.forEach(([s, t], i) => addCluster(a, s, t, i + 2));
    [...cs].reverse().forEach(([s, t]) => addCluster(b, s, t, cs.findIndex((c) => c[0] === s && c[1] === t) + 2));
    expect(bootstrapShare([...a.values()], OPTS, "k")).toEqual(bootstrapShare([...b.values()], OPTS, "k"));
  });

  it("reports no interval below the minimum number of clusters, and says why", () => {
    const one = clusteredShare([{ successes: 2, trials: 3, count: 1 }], "prompts", OPTS, "one");
    expect(one).toEqual({ interval: null, clusters: 1, note: `no interval: 1 prompt, fewer than the ${MIN_CLUSTERS} a bootstrap interval needs` });
    const nine = clusteredShare([{ successes: 2, trials: 3, count: 4 }, { successes: 0, trials: 3, count: 5 }], "tasks", OPTS, "nine");
    expect(nine.interval).toBeNull();
    expect(nine.note).toMatch(/^no interval: 9 tasks, fewer than the 10/);
    const ten = clusteredShare([{ successes: 2, trials: 3, count: 5 }, { successes: 0, trials: 3, count: 5 }], "tasks", OPTS, "ten");
    expect(ten.interval!.low).toBeLessThan(1 / 3);
    expect(ten.interval!.high).toBeGreaterThan(1 / 3);
    expect([ten.clusters, ten.note]).toEqual([10, ""]);
    expect(clusteredShare([], "prompts", OPTS, "none")).toEqual({ interval: null, clusters: 0, note: "" });
  });

  it("covers the true share about 95% of the time where Wilson over judgments does not (design effect, seeded simulation)", () => {
    // 60 prompts × 3 graders; each prompt is "easy" (p = 0.85) or "hard" (p = 0.15) with equal
    // chance, so the true share is 0.5 and judgments of one prompt are strongly alike: intraclass
    // correlation 0.49, design effect 1 + 2 · 0.49 ≈ 2, Wilson about √2 too narrow.
    const u = mulberry32(2026);
    const runs = 400;
    let wilsonCovers = 0;
    let clusterCovers = 0;
    let widthRatio = 0;
    for (let r = 0; r < runs; r++) {
      const s = clusteredStudy(u, 60, 3, () => (u() < 0.5 ? 0.85 : 0.15));
      const w = wilsonInterval(s.successes, s.trials)!;
      const c = bootstrapShare([...s.tally.values()], { resamples: 1000, seed: r }, "sim")!;
      if (w.low <= 0.5 && 0.5 <= w.high) wilsonCovers++;
      if (c.low <= 0.5 && 0.5 <= c.high) clusterCovers++;
      widthRatio += (c.high - c.low) / (w.high - w.low) / runs;
    }
    expect(wilsonCovers / runs).toBeLessThan(0.88);
    expect(clusterCovers / runs).toBeGreaterThan(0.91);
    expect(clusterCovers / runs).toBeLessThan(0.98);
    expect(widthRatio).toBeGreaterThan(1.3); // ≈ √(design effect)
    expect(widthRatio).toBeLessThan(1.6);
  });
});
