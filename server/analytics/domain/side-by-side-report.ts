// Side-by-side statistics at the prompt level, per dimension and slice (definitions in docs/report-format.md).
import { IntervalAlphaMoments } from "./krippendorff-alpha";
import type { ReportRow } from "./report-row";
import { signTestP } from "./sign-test";
import { compareSlices, sliceLookup, slicesOf, type PromptAttributes, type Slicing } from "./slices";
import { wilsonInterval } from "./wilson-interval";

/** One prompt's judgments on one dimension, aggregated (preferences relative to model A, the candidate). */
export interface PreferenceUnit {
  promptId: string;
  /** the item's pair, pairKey(model A, model B); a study of two models has one */
  pair?: string;
  dimension: string;
  /** judgments */
  n: number;
  /** sum of preferences */
  sum: number;
  /** sum of squared preferences */
  sumSq: number;
  /** non-tie judgments with a known side that preferred the response shown on the left */
  leftWins: number;
  /** non-tie judgments with a known side */
  sidedNonTies: number;
}

/** What one dimension and slice's rows are computed from: prompt verdicts, judgment counts, alpha moments. */
export interface PreferenceTally {
  prompts: number;
  judgments: number;
  aWins: number;
  bWins: number;
  ties: number;
  moments: IntervalAlphaMoments;
  leftWins: number;
  sidedNonTies: number;
}

/** A pair of models as one key: model A (the pair's first-named) and model B. */
export const pairKey = (modelA: string, modelB: string) => `${modelA}\u0000${modelB}`;
export const pairOfKey = (key: string): [string, string] => key.split("\u0000") as [string, string];

/** The report rows of every pair of a side-by-side study: two-model studies have one pair. */
export function sideBySidePairRows(study: string, units: PreferenceUnit[], prompts: Map<string, PromptAttributes>, slicing: Slicing = slicesOf): ReportRow[] {
  const byPair = new Map<string, PreferenceUnit[]>();
  for (const u of units) (byPair.get(u.pair ?? "") ?? byPair.set(u.pair ?? "", []).get(u.pair ?? "")!).push(u);
  return [...byPair.keys()].sort().flatMap((k) => {
    const [modelA, modelB] = pairOfKey(k);
    return sideBySideRows({ study, modelA, modelB }, byPair.get(k)!, prompts, slicing);
  });
}

const emptyTally = (): PreferenceTally => ({ prompts: 0, judgments: 0, aWins: 0, bWins: 0, ties: 0, moments: new IntervalAlphaMoments(), leftWins: 0, sidedNonTies: 0 });

export function sideBySideRows(
  head: { study: string; modelA: string; modelB: string },
  units: Iterable<PreferenceUnit>,
  prompts: Map<string, PromptAttributes>,
  slicing: Slicing = slicesOf,
): ReportRow[] {
  const tallies = new Map<string, Map<string, PreferenceTally>>(); // dimension → slice → tally
  const slicesOfPrompt = sliceLookup(prompts, slicing);
  for (const u of units) {
    if (u.n === 0) continue;
    const bySlice = tallies.get(u.dimension) ?? new Map<string, PreferenceTally>();
    tallies.set(u.dimension, bySlice);
    for (const slice of slicesOfPrompt(u.promptId)) {
      const t = bySlice.get(slice) ?? emptyTally();
      bySlice.set(slice, t);
      t.prompts++;
      t.judgments += u.n;
      // The verdict is the sign of the mean preference, i.e. of the sum.
      if (u.sum > 0) t.aWins++;
      else if (u.sum < 0) t.bWins++;
      else t.ties++;
      t.moments.add(u.n, u.sum, u.sumSq);
      t.leftWins += u.leftWins;
      t.sidedNonTies += u.sidedNonTies;
    }
  }
  const rows: ReportRow[] = [];
  for (const dimension of [...tallies.keys()].sort()) {
    const bySlice = tallies.get(dimension)!;
    for (const slice of [...bySlice.keys()].sort(compareSlices)) {
      rows.push(...preferenceTallyRows(head, dimension, slice, bySlice.get(slice)!));
    }
  }
  return rows;
}

/** The report rows of one dimension and slice (definitions in docs/report-format.md). */
export function preferenceTallyRows(head: { study: string; modelA: string; modelB: string }, dimension: string, slice: string, t: PreferenceTally): ReportRow[] {
  const row = (metric: string, value: number | null, n: number, ci: { low: number; high: number } | null = null): ReportRow => ({
    study: head.study, type: "side_by_side", model_a: head.modelA, model_b: head.modelB, dimension, slice, metric,
    value, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n,
  });
  const rate = (metric: string, k: number, n: number) => row(metric, n ? k / n : null, n, wilsonInterval(k, n));
  const decisive = t.aWins + t.bWins;
  const alpha = t.moments.result();
  return [
    row("n_prompts", t.prompts, t.prompts),
    row("n_judgments", t.judgments, t.judgments),
    rate("win_rate_a", t.aWins, t.prompts),
    rate("tie_rate", t.ties, t.prompts),
    rate("win_rate_b", t.bWins, t.prompts),
    rate("decisive_rate_a", t.aWins, decisive),
    row("sign_test_p", signTestP(t.aWins, decisive), decisive),
    row("alpha", alpha.alpha, alpha.units),
    rate("position_bias", t.leftWins, t.sidedNonTies),
  ];
}
