import { describe, expect, it } from "vitest";
import { quantile } from "../../analytics/domain/bootstrap";
import { mulberry32 } from "../../analytics/domain/seeded-random";
import { allOnly } from "../../analytics/domain/slices";
import { fitBradleyTerry } from "./bradley-terry";
import { computeLeaderboard, leaderboardRows, standingNotes, type ItemBattles } from "./leaderboard";
import { PairTotals } from "./pair-totals";
import { rateSlice, type SliceBattles, type SliceResult } from "./rate-slice";
import { styledBattles } from "./style-controlled-fit";

const item = (promptId: string, a: number, b: number, aWins: number, bWins: number, ties: number): ItemBattles =>
  ({ promptId, dimension: "overall", a, b, aWins, bWins, ties, style: [0, 0, 0, 0] });
const attrs = (ids: string[]) => new Map(ids.map((id) => [id, { locale: "en-US", region: "Americas", category: "c", modality: "TEXT" as const }]));

/** One item per prompt among `m` models of true strengths `truth` (Elo), three graders each, 10% ties, drawn with a fixed seed. */
function simulatedItems(m: number, prompts: number, truth: number[], seed: number): ItemBattles[] {
  const u = mulberry32(seed);
  const items: ItemBattles[] = [];
  for (let p = 0; p < prompts; p++) {
    const a = p % m, b = (a + 1 + (p % (m - 1))) % m;
    const pa = 1 / (1 + Math.pow(10, (truth[b] - truth[a]) / 400));
    const it = item(`p${String(p).padStart(4, "0")}`, a, b, 0, 0, 0);
    for (let g = 0; g < 3; g++) { const x = u(); if (x < 0.1) it.ties++; else if (x < 0.1 + 0.9 * pa) it.aWins++; else it.bWins++; }
    items.push(it);
  }
  return items;
}

/** Every prompt its own type: the multinomial over types is then exactly a resample of prompts. */
function onePromptPerType(items: ItemBattles[]): SliceBattles {
  const n = items.length;
  return { typeStart: Int32Array.from({ length: n + 1 }, (_, i) => i), typeCount: new Float64Array(n).fill(1), prompts: n,
    typeOfPrompt: Int32Array.from({ length: n }, (_, i) => i),
    a: Int32Array.from(items, (i) => i.a), b: Int32Array.from(items, (i) => i.b), winsA: Float64Array.from(items, (i) => i.aWins + i.ties / 2),
    battles: Float64Array.from(items, (i) => i.aWins + i.bWins + i.ties), styled: styledBattles([], 4) };
}

const rated = (r: SliceResult) => {
  if (r.kind !== "rated") throw new Error(r.reason);
  return r;
};

describe("a slice's ratings, intervals and ranks", () => {
  const items = simulatedItems(4, 120, [1150, 1050, 1000, 800], 7);
  const slice = onePromptPerType(items);

  it("each resample draws prompts with replacement and refits: equal to cold fits of the same draws", () => {
    const result = rated(rateSlice(slice, 4, { resamples: 200, seed: 99, styleControl: false }));
    const u = mulberry32(99);
    const draws: number[][] = [[], [], [], []];
    for (let r = 0; r < 200; r++) {
      const t = new PairTotals(4);
      for (let d = 0; d < 120; d++) {
        const p = Math.floor(u() * 120);
        t.add(slice.a[p], slice.b[p], slice.winsA[p], slice.battles[p]);
      }
      fitBradleyTerry(t, [0, 1, 2, 3]).ratings.forEach((v, i) => draws[i].push(v));
    }
    for (const s of result.standings) {
      const sorted = draws[s.model].sort((x, y) => x - y);
      expect(s.ratingLow).toBeCloseTo(quantile(sorted, 0.025), 3);
      expect(s.ratingHigh).toBeCloseTo(quantile(sorted, 0.975), 3);
      expect(s.ratingLow!).toBeLessThan(s.rating!);
      expect(s.ratingHigh!).toBeGreaterThan(s.rating!);
    }
    expect(result.degenerateResamples).toBe(0);
  });

  it("with many prompts per outcome, one multinomial draw over outcomes gives the intervals of drawing prompts one by one", () => {
    const many = simulatedItems(3, 1500, [1100, 1000, 950], 21); // 3 pairs × 10 outcomes: ~50 prompts each
    const grouped = rated(computeLeaderboard(many, 3, attrs(many.map((i) => i.promptId)), { resamples: 2000, seed: 11, styleControl: false }, allOnly)[0].result);
    const flat = onePromptPerType(many);
    const u = mulberry32(12);
    const draws: number[][] = [[], [], []];
    for (let r = 0; r < 2000; r++) {
      const t = new PairTotals(3);
      for (let d = 0; d < 1500; d++) {
        const p = Math.floor(u() * 1500);
        t.add(flat.a[p], flat.b[p], flat.winsA[p], flat.battles[p]);
      }
      fitBradleyTerry(t, [0, 1, 2]).ratings.forEach((v, i) => draws[i].push(v));
    }
    for (const s of grouped.standings) {
      const sorted = draws[s.model].sort((x, y) => x - y);
      const width = quantile(sorted, 0.975) - quantile(sorted, 0.025);
      expect(Math.abs(s.ratingLow! - quantile(sorted, 0.025))).toBeLessThan(0.06 * width);
      expect(Math.abs(s.ratingHigh! - quantile(sorted, 0.975))).toBeLessThan(0.06 * width);
    }
  });

  it("is deterministic for a seed", () => {
    const one = rateSlice(slice, 4, { resamples: 100, seed: 5, styleControl: false });
    const two = rateSlice(slice, 4, { resamples: 100, seed: 5, styleControl: false });
    expect(two).toEqual(one);
  });

  it("rank is 1 + the models whose interval lies wholly above; rank intervals are the best and worst over resamples", () => {
    const result = rated(rateSlice(slice, 4, { resamples: 300, seed: 3, styleControl: false }));
    for (const s of result.standings) {
      const above = result.standings.filter((o) => o.ratingLow! > s.ratingHigh!).length;
      expect(s.rank).toBe(1 + above);
      expect(s.rankBest!).toBeLessThanOrEqual(s.rankWorst!);
    }
    const weakest = result.standings.find((s) => s.model === 3)!;
    expect(weakest.rank).toBeGreaterThan(1); // 800 against 1150: clearly separated on 120 prompts
    expect(result.standings[0].rank).toBe(1);
  });
});

describe("the leaderboard's refusals and unbounded ratings", () => {
  it("refuses a disconnected comparison graph and names the models cut off", () => {
    const items = [item("p1", 0, 1, 1, 1, 0), item("p2", 2, 3, 1, 0, 1)];
    const [s] = computeLeaderboard(items, 4, attrs(["p1", "p2"]), { resamples: 10, seed: 1, styleControl: false }, allOnly);
    expect(s.result).toEqual({ kind: "refused", reason: "the comparison graph is not connected", components: [[0, 1], [2, 3]], prompts: 2 });
  });

  it("a tie is not a loss for the ratable core: a model that only tied once is rated", () => {
    const items = [item("p1", 0, 1, 2, 0, 1), item("p2", 1, 0, 0, 1, 0)];
    const [s] = computeLeaderboard(items, 2, attrs(["p1", "p2"]), { resamples: 20, seed: 1, styleControl: false }, allOnly);
    if (s.result.kind !== "rated") throw new Error("refused");
    expect(s.result.standings.every((x) => x.rating !== null)).toBe(true);
  });

  it("a model that never loses gets no number, a note that says why, and the others are still rated", () => {
    const items = [item("p1", 0, 1, 2, 0, 0), item("p2", 0, 2, 2, 0, 0), item("p3", 1, 2, 1, 1, 0), item("p4", 2, 1, 2, 1, 0)];
    const [s] = computeLeaderboard(items, 3, attrs(["p1", "p2", "p3", "p4"]), { resamples: 50, seed: 1, styleControl: false }, allOnly);
    if (s.result.kind !== "rated") throw new Error("refused");
    const top = s.result.standings.find((x) => x.model === 0)!;
    expect(top).toMatchObject({ rating: null, unbounded: "above", rank: 1 });
    expect(standingNotes(top, ["m0", "m1", "m2"], 50)[0]).toMatch(/m0 never lost .* unbounded above/);
    const rows = leaderboardRows([s], ["m0", "m1", "m2"]);
    expect(rows.find((r) => r.model === "m0" && r.metric === "rating")).toMatchObject({ value: null, ci_low: null, ci_high: null, n: 4 });
    // m1 and m2 form the ratable core; their mean is 1000.
    const r1 = rows.find((r) => r.model === "m1" && r.metric === "rating")!.value!;
    const r2 = rows.find((r) => r.model === "m2" && r.metric === "rating")!.value!;
    expect((r1 + r2) / 2).toBeCloseTo(1000, 9);
    // Between them: m1 won 1 + 1 = 2 of 5, m2 won 3 of 5.
    expect(r2 - r1).toBeCloseTo(400 * Math.log10(3 / 2), 6);
    expect(rows.find((r) => r.model === "m0" && r.metric === "win_rate")).toMatchObject({ value: 1, n: 4 });
  });
});

describe("pairwise win rates of a slice", () => {
  it("are each ordered pair's observed share (ties as halves) and the fit's prediction", () => {
    const items = [item("p1", 0, 1, 2, 1, 1), item("p2", 1, 0, 1, 1, 0)];
    const [s] = computeLeaderboard(items, 2, attrs(["p1", "p2"]), { resamples: 20, seed: 1, styleControl: false }, allOnly);
    if (s.result.kind !== "rated") throw new Error("refused");
    const ab = s.result.pairwise.find((p) => p.a === 0 && p.b === 1)!;
    expect(ab).toMatchObject({ battles: 6, observed: 3.5 / 6 });
    // Two models: the maximum-likelihood fit reproduces the observed share exactly.
    expect(ab.predicted).toBeCloseTo(3.5 / 6, 9);
    expect(s.result.pairwise.find((p) => p.a === 1 && p.b === 0)!.observed).toBeCloseTo(2.5 / 6, 12);
  });
});
