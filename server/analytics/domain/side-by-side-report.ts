// Side-by-side statistics at the prompt level, per dimension and slice (definitions in docs/report-format.md).
import type { BootstrapOptions } from "./bootstrap";
import { addCluster, clusteredShare, type ClusterCount, type ClusterTally } from "./cluster-bootstrap";
import { holmAdjustLog } from "./holm";
import { AlphaTally, type AlphaResult } from "./alpha-tally";
import { pValueFigure } from "./p-value";
import type { ReportRow } from "./report-row";
import { wantedOn, type RowChoice } from "./row-choice";
import { signTestLogP } from "./sign-test";
import { compareSlices, sliceLookup, slicesOf, type PromptAttributes, type Slicing } from "./slices";
import { wilsonInterval } from "./wilson-interval";
import { promptVerdict, type VerdictRule } from "./verdict-rule";

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
  /** judgments preferring model A, and model B (the rest are ties) */
  positive: number;
  negative: number;
  /** judgments per point of the 7-point scale, −3 (index 0) … +3 (index 6): alpha's input */
  histogram: ArrayLike<number>;
  /** how many prompts with these same figures and slices this unit stands for (grouped from UnitTally: analytics/unit-tally-groups.ts); 1 when absent */
  count?: number;
}

/** The points of the preference scale, −3 … +3. */
export const PREFERENCE_POINTS = 7;

/** What one dimension and slice's rows are computed from: prompt verdicts, judgment counts, unit histograms (alpha), position clusters. */
export interface PreferenceTally {
  prompts: number;
  judgments: number;
  aWins: number;
  bWins: number;
  ties: number;
  /** prompts whose graders disagree in direction: some preferred A, some B */
  splits: number;
  /** prompts by their histogram: Krippendorff's alpha, interval and ordinal */
  alpha: AlphaTally;
  /** prompts by (non-tie judgments that preferred the left response, sided non-tie judgments) */
  position: ClusterTally;
}

/** A pair of models as one key: model A (the pair's first-named) and model B. */
export const pairKey = (modelA: string, modelB: string) => `${modelA}\u0000${modelB}`;
export const pairOfKey = (key: string): [string, string] => key.split("\u0000") as [string, string];

export interface SideBySideOptions {
  bootstrap: BootstrapOptions;
  /** how a prompt's judgments make its verdict (the study's setting) */
  rule: VerdictRule;
  slicing?: Slicing;
  /** only the rows it asks for (a view that shows a few need not pay for every interval); all when absent */
  choice?: RowChoice;
}

/** The report rows of every pair of a side-by-side study: two-model studies have one pair. */
export function sideBySidePairRows(study: string, units: PreferenceUnit[], prompts: Map<string, PromptAttributes>, opts: SideBySideOptions): ReportRow[] {
  return unitsByPair(units).flatMap(([k, pairUnits]) => {
    const [modelA, modelB] = pairOfKey(k);
    return sideBySideRows({ study, modelA, modelB }, pairUnits, prompts, opts);
  });
}

/** Units grouped by their pair, pairs in key order (a study of two models has one). */
export function unitsByPair(units: PreferenceUnit[]): [string, PreferenceUnit[]][] {
  const byPair = new Map<string, PreferenceUnit[]>();
  for (const u of units) (byPair.get(u.pair ?? "") ?? byPair.set(u.pair ?? "", []).get(u.pair ?? "")!).push(u);
  return [...byPair.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * One pair's units tallied per dimension and slice (dimension → slice → tally). `visit` sees each
 * unit once per slice it counts in, for figures the tally does not keep (the planner's sums; its
 * units are single prompts, not groups).
 */
export function preferenceTallies(units: Iterable<PreferenceUnit>, prompts: Map<string, PromptAttributes>, rule: VerdictRule,
  slicing: Slicing = slicesOf, visit?: (u: PreferenceUnit, dimension: string, slice: string) => void): Map<string, Map<string, PreferenceTally>> {
  const tallies = new Map<string, Map<string, PreferenceTally>>();
  const slicesOfPrompt = sliceLookup(prompts, slicing);
  for (const u of units) {
    if (u.n === 0) continue;
    const bySlice = tallies.get(u.dimension) ?? tallies.set(u.dimension, new Map()).get(u.dimension)!;
    for (const slice of slicesOfPrompt(u.promptId)) {
      const t = bySlice.get(slice) ?? bySlice.set(slice, emptyPreferenceTally()).get(slice)!;
      addToTally(t, u, rule, u.count ?? 1);
      visit?.(u, u.dimension, slice);
    }
  }
  return tallies;
}

export const emptyPreferenceTally = (): PreferenceTally => ({ prompts: 0, judgments: 0, aWins: 0, bWins: 0, ties: 0, splits: 0, alpha: new AlphaTally(PREFERENCE_POINTS), position: new Map() });

/** Adds one prompt's judgments on a dimension to a tally (or `count` prompts with the same ones). */
export function addToTally(t: PreferenceTally, u: PreferenceUnit, rule: VerdictRule, count = 1): void {
  t.prompts += count;
  t.judgments += u.n * count;
  const verdict = promptVerdict(u, rule);
  if (verdict > 0) t.aWins += count;
  else if (verdict < 0) t.bWins += count;
  else t.ties += count;
  if (u.positive > 0 && u.negative > 0) t.splits += count;
  t.alpha.add(u.histogram, count);
  addCluster(t.position, u.leftWins, u.sidedNonTies, count);
}

/** A prompt's unit from its histogram over −3 … +3 (as the database groups them) and its position counts. */
export function unitOfHistogram(promptId: string, dimension: string, histogram: number[], leftWins: number, sidedNonTies: number): PreferenceUnit {
  let n = 0, sum = 0, sumSq = 0, positive = 0, negative = 0;
  histogram.forEach((c, i) => {
    const v = i - 3;
    n += c; sum += c * v; sumSq += c * v * v;
    if (v > 0) positive += c;
    else if (v < 0) negative += c;
  });
  return { promptId, dimension, n, sum, sumSq, leftWins, sidedNonTies, positive, negative, histogram };
}

export function sideBySideRows(
  head: { study: string; modelA: string; modelB: string },
  units: Iterable<PreferenceUnit>,
  prompts: Map<string, PromptAttributes>,
  opts: SideBySideOptions,
): ReportRow[] {
  const tallies = preferenceTallies(units, prompts, opts.rule, opts.slicing);
  const rows: ReportRow[] = [];
  for (const dimension of [...tallies.keys()].sort()) {
    const bySlice = tallies.get(dimension)!;
    const slices = [...bySlice.keys()].sort(compareSlices);
    // The slices of one dimension are tested together: Holm-adjust their sign tests as a family.
    const logPs = slices.map((slice) => { const t = bySlice.get(slice)!; return signTestLogP(t.aWins, t.aWins + t.bWins); });
    const holm = holmAdjustLog(logPs);
    slices.forEach((slice, i) => rows.push(...preferenceTallyRows(head, dimension, slice, bySlice.get(slice)!, opts.bootstrap,
      { logP: holm[i], family: logPs.filter((p) => p !== null).length }, wantedOn(opts.choice, slice))));
  }
  return rows;
}

/**
 * The report rows of one dimension and slice (definitions in docs/report-format.md). `holm` is the
 * slice's sign test adjusted over its dimension's slices; a headline computed for slice "all" alone
 * has no family to adjust over and leaves the row out.
 */
export function preferenceTallyRows(head: { study: string; modelA: string; modelB: string }, dimension: string, slice: string, t: PreferenceTally,
  bootstrap: BootstrapOptions, holm: { logP: number | null; family: number } | null = null, wanted: (metric: string) => boolean = () => true): ReportRow[] {
  const row = (metric: string, value: number | null, n: number, ci: { low: number; high: number } | null = null, extra: { clusters?: number; note?: string } = {}): ReportRow => ({
    study: head.study, type: "side_by_side", model_a: head.modelA, model_b: head.modelB, dimension, slice, metric,
    value, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, n, n_clusters: extra.clusters ?? null, note: extra.note ?? "",
  });
  const rate = (metric: string, k: number, n: number) => row(metric, n ? k / n : null, n, wilsonInterval(k, n));
  const pRow = (metric: string, logP: number | null, n: number, note = "") => {
    if (logP === null) return row(metric, null, n);
    const p = pValueFigure(logP);
    return row(metric, p.value, n, null, { note: [p.note, note].filter(Boolean).join("; ") });
  };
  const decisive = t.aWins + t.bWins;
  const alphaRow = (metric: string, a: AlphaResult) => row(metric, a.alpha, a.units, a.interval, { clusters: a.units, note: a.note });
  // Intervals cost a bootstrap each: computed only for the rows asked for.
  const alpha = wanted("alpha") || wanted("alpha_ordinal") ? t.alpha.results(bootstrap, `${head.modelA}|${head.modelB}|${dimension}|${slice}`) : null;
  let leftWins = 0;
  let sidedNonTies = 0;
  for (const c of t.position.values()) { leftWins += c.successes * c.count; sidedNonTies += c.trials * c.count; }
  // Judgments cluster within prompts (k graders, several dimensions): resample prompts, not judgments.
  const bias = wanted("position_bias") ? clusteredShare(t.position.values(), "prompts", bootstrap, `position|${head.modelA}|${head.modelB}|${dimension}|${slice}`) : null;
  const rows = [
    row("n_prompts", t.prompts, t.prompts),
    row("n_judgments", t.judgments, t.judgments),
    rate("win_rate_a", t.aWins, t.prompts),
    rate("tie_rate", t.ties, t.prompts),
    rate("win_rate_b", t.bWins, t.prompts),
    rate("split_rate", t.splits, t.prompts),
    rate("decisive_rate_a", t.aWins, decisive),
    pRow("sign_test_p", signTestLogP(t.aWins, decisive), decisive),
    ...(holm ? [pRow("sign_test_p_holm", holm.logP, decisive, holm.logP === null ? "" : `Holm-adjusted over ${holm.family} slices`)] : []),
    ...(alpha ? [alphaRow("alpha", alpha.interval), alphaRow("alpha_ordinal", alpha.ordinal)] : []),
    ...(bias ? [row("position_bias", sidedNonTies ? leftWins / sidedNonTies : null, sidedNonTies, bias.interval, { clusters: bias.clusters, note: bias.note })] : []),
  ];
  return rows.filter((r) => wanted(r.metric));
}
