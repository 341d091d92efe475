// The leaderboard of a set of side-by-side studies: per dimension and slice (all, each locale,
// region, category, modality, as in the report), rate the models from their battles.
import { deriveSeed, mulberry32 } from "../../analytics/domain/seeded-random";
import { compareSlices, sliceLookup, type PromptAttributes } from "../../analytics/domain/slices";
import { rateSlice, type ModelStanding, type SliceBattles, type SliceResult } from "./rate-slice";
import { STYLE_FEATURES } from "./style-features";

/** One item's counted judgments on one dimension: a prompt, its pair, who won. */
export interface ItemBattles {
  promptId: string;
  dimension: string;
  a: number;
  b: number;
  /** judgments that preferred a, preferred b, and ties */
  aWins: number;
  bWins: number;
  ties: number;
  /** styleDifference(a, b) */
  style: number[];
}

export interface LeaderboardOptions {
  resamples: number;
  seed: number;
  styleControl: boolean;
}

export const DEFAULT_LEADERBOARD: LeaderboardOptions = { resamples: 1000, seed: 20260101, styleControl: true };

export interface SliceStandings {
  dimension: string;
  slice: string;
  result: SliceResult;
}

/** One prompt's items on one dimension, with the key that identifies its outcome. */
interface PromptBattles {
  promptId: string;
  items: ItemBattles[];
  outcome: string;
}

/** Groups a slice's prompts by outcome into the flat arrays rateSlice resamples. */
function sliceBattles(prompts: PromptBattles[], clusterOf: Map<string, number>): SliceBattles {
  const types = new Map<string, PromptBattles[]>();
  for (const p of prompts) (types.get(p.outcome) ?? types.set(p.outcome, []).get(p.outcome)!).push(p);
  const keys = [...types.keys()].sort();
  const entries = keys.reduce((n, k) => n + types.get(k)![0].items.length, 0);
  const s: SliceBattles = { typeStart: new Int32Array(keys.length + 1), typeCount: new Float64Array(keys.length),
    typeOfPrompt: new Int32Array(prompts.length), a: new Int32Array(entries),
    b: new Int32Array(entries), winsA: new Float64Array(entries), battles: new Float64Array(entries), prompts: prompts.length,
    styled: [], features: STYLE_FEATURES.length };
  let e = 0;
  keys.forEach((k, t) => {
    const group = types.get(k)!;
    s.typeStart[t] = e;
    s.typeCount[t] = group.length;
    for (const it of group[0].items) {
      s.a[e] = it.a;
      s.b[e] = it.b;
      s.winsA[e] = it.aWins + it.ties / 2;
      s.battles[e] = it.aWins + it.bWins + it.ties;
      e++;
    }
  });
  s.typeStart[keys.length] = e;
  const typeIndex = new Map(keys.map((k, t) => [k, t]));
  prompts.forEach((p, i) => (s.typeOfPrompt[i] = typeIndex.get(p.outcome)!));
  for (const p of prompts) {
    for (const it of p.items) s.styled.push({ a: it.a, b: it.b, winsA: it.aWins + it.ties / 2, battles: it.aWins + it.bWins + it.ties, style: it.style, cluster: clusterOf.get(p.promptId)! });
  }
  return s;
}

export function computeLeaderboard(items: ItemBattles[], models: number, prompts: Map<string, PromptAttributes>, opts: LeaderboardOptions,
  slicing: (p: PromptAttributes) => string[]): SliceStandings[] {
  const slicesOf = sliceLookup(prompts, slicing);
  const byPrompt = new Map<string, Map<string, PromptBattles>>(); // dimension → prompt → its items
  for (const it of items) {
    if (it.aWins + it.bWins + it.ties === 0) continue;
    const ofDim = byPrompt.get(it.dimension) ?? byPrompt.set(it.dimension, new Map()).get(it.dimension)!;
    const p = ofDim.get(it.promptId) ?? ofDim.set(it.promptId, { promptId: it.promptId, items: [], outcome: "" }).get(it.promptId)!;
    p.items.push(it);
  }
  const clusterOf = new Map([...prompts.keys()].map((id, i) => [id, i]));
  const groups = new Map<string, Map<string, PromptBattles[]>>(); // dimension → slice → prompts
  for (const [dimension, ofDim] of byPrompt) {
    const bySlice = new Map<string, PromptBattles[]>();
    groups.set(dimension, bySlice);
    for (const p of ofDim.values()) {
      p.items.sort((x, y) => x.a - y.a || x.b - y.b || x.aWins - y.aWins || x.ties - y.ties);
      p.outcome = p.items.map((it) => `${it.a},${it.b},${it.aWins},${it.bWins},${it.ties}`).join(";");
      for (const slice of slicesOf(p.promptId)) (bySlice.get(slice) ?? bySlice.set(slice, []).get(slice)!).push(p);
    }
  }
  const out: SliceStandings[] = [];
  for (const dimension of [...groups.keys()].sort()) {
    const bySlice = groups.get(dimension)!;
    for (const slice of [...bySlice.keys()].sort(compareSlices)) {
      const rng = mulberry32(deriveSeed(opts.seed, `leaderboard|${dimension}|${slice}`));
      out.push({ dimension, slice, result: rateSlice(sliceBattles(bySlice.get(slice)!, clusterOf), models, { resamples: opts.resamples, rng, styleControl: opts.styleControl }) });
    }
  }
  return out;
}

/** One row of the tidy leaderboard CSV. */
export interface LeaderboardRow {
  dimension: string;
  slice: string;
  model: string;
  metric: "rating" | "rank" | "rating_style_controlled" | "win_rate";
  value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  n: number;
}

export const LEADERBOARD_COLUMNS: (keyof LeaderboardRow)[] = ["dimension", "slice", "model", "metric", "value", "ci_low", "ci_high", "n"];

const finiteOrNull = (v: number | null) => (v === null || !Number.isFinite(v) ? null : v);

export function leaderboardRows(slices: SliceStandings[], names: string[]): LeaderboardRow[] {
  const rows: LeaderboardRow[] = [];
  for (const { dimension, slice, result } of slices) {
    if (result.kind !== "rated") continue;
    for (const s of result.standings) {
      const row = (metric: LeaderboardRow["metric"], value: number | null, low: number | null, high: number | null): LeaderboardRow =>
        ({ dimension, slice, model: names[s.model], metric, value: finiteOrNull(value), ci_low: finiteOrNull(low), ci_high: finiteOrNull(high), n: s.battles });
      rows.push(row("rating", s.rating, s.ratingLow, s.ratingHigh));
      rows.push(row("rank", s.rank, s.rankBest, s.rankWorst));
      if (result.styleCoefficients) rows.push(row("rating_style_controlled", s.styleRating, s.styleLow, s.styleHigh));
      rows.push(row("win_rate", s.battles ? s.wins / s.battles : null, s.winRateLow, s.winRateHigh));
    }
  }
  return rows;
}

/** Why a rating or bound is missing, in words a researcher can act on. */
export function standingNotes(s: ModelStanding, names: string[], resamples: number): string[] {
  const notes: string[] = [];
  if (s.unbounded === "above") notes.push(`${names[s.model]} never lost a battle to the models rated below it: its maximum-likelihood rating is unbounded above`);
  if (s.unbounded === "below") notes.push(`${names[s.model]} never won a battle against the models rated above it: its maximum-likelihood rating is unbounded below`);
  if (s.unbounded === "incomparable") notes.push(`${names[s.model]} neither beat nor lost to the best-connected group of models (directly or through others): it has no rating relative to them`);
  if (s.rating !== null && (s.ratingHigh === Infinity || s.ratingLow === -Infinity)) notes.push(`${names[s.model]}'s interval is unbounded on one side: in over 2.5% of resamples it never lost (or never won)`);
  if (s.resamplesWithout > 0) notes.push(`${names[s.model]} had no battle (or none connected to the rest) in ${s.resamplesWithout} of ${resamples} resamples; its interval and ranks are over the others`);
  return notes;
}
