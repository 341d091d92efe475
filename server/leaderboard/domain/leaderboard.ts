// The leaderboard of a set of side-by-side studies: per dimension and slice (all, each locale,
// region, category, modality, as in the report), rate the models from their battles. Preparing
// (a dimension's items as flat arrays, each slice's prompts as a list) is separate from rating a
// slice (grouping its prompts by outcome, resampling, fitting), so that slices can be built and
// rated in parallel (server/leaderboard/rate-in-workers.ts) from arrays the threads share.
import { deriveSeed } from "../../analytics/domain/seeded-random";
import { compareSlices, type PromptAttributes } from "../../analytics/domain/slices";
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

/** A slice ready to rate: its dimension's items, its prompts among them, the seed of its resamples. */
export interface PreparedSlice {
  dimension: string;
  slice: string;
  items: DimensionItems;
  /** indices of the slice's prompts in `items`, in order */
  prompts: Int32Array;
  seed: number;
}

const F = STYLE_FEATURES.length;

/**
 * A dimension's items as flat arrays grouped by prompt, with an outcome id per prompt. The arrays
 * are in shared memory: the worker threads that rate slices read them without a copy.
 */
export interface DimensionItems {
  /** distinct outcomes (outcome ids are 0 .. outcomes-1) */
  outcomes: number;
  /** a prompt's items are promptStart[p] .. promptStart[p+1]-1 */
  promptStart: Int32Array;
  outcome: Int32Array;
  a: Int32Array;
  b: Int32Array;
  winsA: Float64Array;
  battles: Float64Array;
  style: Float64Array;
}

/**
 * An outcome's key when its prompt has a single item, as one number: (lower model, higher model,
 * wins with ties as halves, battles), or null when the ranges do not fit a safe integer (counts are
 * whole numbers). A million prompts then cost no string key each; prompts with several items use
 * string keys.
 */
function singleItemKey(models: number, maxBattles: number): ((lo: number, hi: number, w: number, n: number) => number) | null {
  const halves = 2 * maxBattles + 1, counts = maxBattles + 1;
  if (!(models * models * halves * counts < Number.MAX_SAFE_INTEGER)) return null;
  return (lo, hi, w, n) => ((lo * models + hi) * halves + 2 * w) * counts + n;
}

function dimensionItems(items: ItemBattles[]): { promptIds: string[]; d: DimensionItems } {
  // Items in prompt order (a sort of their indices: no map or array per prompt), each prompt's
  // items consecutive.
  const order = new Int32Array(items.length);
  for (let x = 0; x < items.length; x++) order[x] = x;
  order.sort((x, y) => {
    const p = items[x].promptId, q = items[y].promptId;
    return p < q ? -1 : p > q ? 1 : x - y;
  });
  const promptIds: string[] = [];
  const firstOf: number[] = [];
  let models = 0, maxBattles = 0, whole = true;
  for (let r = 0; r < order.length; r++) {
    const it = items[order[r]];
    if (r === 0 || it.promptId !== items[order[r - 1]].promptId) {
      promptIds.push(it.promptId);
      firstOf.push(r);
    }
    models = Math.max(models, it.a + 1, it.b + 1);
    maxBattles = Math.max(maxBattles, it.aWins + it.bWins + it.ties);
    whole &&= Number.isInteger(it.aWins) && Number.isInteger(it.bWins) && Number.isInteger(it.ties);
  }
  firstOf.push(order.length);
  const n = items.length;
  const ints = (length: number) => new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT));
  const floats = (length: number) => new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));
  const d: DimensionItems = { outcomes: 0, promptStart: ints(promptIds.length + 1), outcome: ints(promptIds.length),
    a: ints(n), b: ints(n), winsA: floats(n), battles: floats(n), style: floats(n * F) };
  const numericKey = whole ? singleItemKey(models, maxBattles) : null;
  const numbered = new Map<number, number>();
  const named = new Map<string, number>();
  let outcomes = 0;
  let e = 0;
  // Each item with its lower-numbered model first, so that an outcome does not depend on which
  // model a study named first; only what the fit sees (wins with ties as halves, battles) makes the key.
  const normalised = (it: ItemBattles) => (it.a < it.b
    ? { a: it.a, b: it.b, w: it.aWins + it.ties / 2, n: it.aWins + it.bWins + it.ties, style: it.style, sign: 1 }
    : { a: it.b, b: it.a, w: it.bWins + it.ties / 2, n: it.aWins + it.bWins + it.ties, style: it.style, sign: -1 });
  const write = (row: ReturnType<typeof normalised>) => {
    d.a[e] = row.a;
    d.b[e] = row.b;
    d.winsA[e] = row.w;
    d.battles[e] = row.n;
    for (let f = 0; f < F; f++) d.style[e * F + f] = row.sign * row.style[f];
    e++;
  };
  for (let p = 0; p < promptIds.length; p++) {
    d.promptStart[p] = e;
    let o: number | undefined;
    if (firstOf[p + 1] - firstOf[p] === 1 && numericKey) {
      const row = normalised(items[order[firstOf[p]]]);
      write(row);
      const key = numericKey(row.a, row.b, row.w, row.n);
      o = numbered.get(key);
      if (o === undefined) numbered.set(key, (o = outcomes++));
    } else {
      const rows = [];
      for (let r = firstOf[p]; r < firstOf[p + 1]; r++) rows.push(normalised(items[order[r]]));
      rows.sort((x, y) => x.a - y.a || x.b - y.b || x.w - y.w || x.n - y.n);
      let key = "";
      for (const row of rows) {
        write(row);
        key += `${row.a},${row.b},${row.w},${row.n};`;
      }
      o = named.get(key);
      if (o === undefined) named.set(key, (o = outcomes++));
    }
    d.outcome[p] = o;
  }
  d.promptStart[promptIds.length] = e;
  d.outcomes = outcomes;
  return { promptIds, d };
}

/** The slice's prompts (indices into d) as the arrays rateSlice resamples; `cluster` numbers prompts across slices. */
export function sliceBattles(d: DimensionItems, prompts: Int32Array): SliceBattles {
  const typeOf = new Int32Array(d.outcomes).fill(-1);
  const representative: number[] = [];
  const typeOfPrompt = new Int32Array(prompts.length);
  const counts: number[] = [];
  let rows = 0;
  for (let i = 0; i < prompts.length; i++) {
    const p = prompts[i];
    let t = typeOf[d.outcome[p]];
    if (t < 0) {
      t = representative.length;
      typeOf[d.outcome[p]] = t;
      representative.push(p);
      counts.push(0);
    }
    counts[t]++;
    typeOfPrompt[i] = t;
    rows += d.promptStart[p + 1] - d.promptStart[p];
  }
  let entries = 0;
  for (const p of representative) entries += d.promptStart[p + 1] - d.promptStart[p];
  const s: SliceBattles = { typeStart: new Int32Array(representative.length + 1), typeCount: Float64Array.from(counts), typeOfPrompt, prompts: prompts.length,
    a: new Int32Array(entries), b: new Int32Array(entries), winsA: new Float64Array(entries), battles: new Float64Array(entries),
    styled: { a: new Int32Array(0), b: new Int32Array(0), winsA: new Float64Array(0), battles: new Float64Array(0), style: new Float64Array(0), cluster: new Int32Array(0), features: F } };
  let e = 0;
  representative.forEach((p, t) => {
    s.typeStart[t] = e;
    for (let x = d.promptStart[p]; x < d.promptStart[p + 1]; x++, e++) {
      s.a[e] = d.a[x];
      s.b[e] = d.b[x];
      s.winsA[e] = d.winsA[x];
      s.battles[e] = d.battles[x];
    }
  });
  s.typeStart[representative.length] = e;
  const st = { a: new Int32Array(rows), b: new Int32Array(rows), winsA: new Float64Array(rows), battles: new Float64Array(rows),
    style: new Float64Array(rows * F), cluster: new Int32Array(rows), features: F };
  let q = 0;
  for (const p of prompts) {
    for (let x = d.promptStart[p]; x < d.promptStart[p + 1]; x++, q++) {
      st.a[q] = d.a[x];
      st.b[q] = d.b[x];
      st.winsA[q] = d.winsA[x];
      st.battles[q] = d.battles[x];
      st.cluster[q] = p;
      for (let f = 0; f < F; f++) st.style[q * F + f] = d.style[x * F + f];
    }
  }
  s.styled = st;
  return s;
}

/** Every dimension and slice to rate, in report order, each with its own seed. */
export function prepareSlices(items: ItemBattles[], prompts: Map<string, PromptAttributes>, seed: number,
  slicing: (p: PromptAttributes) => string[]): PreparedSlice[] {
  const byDimension = new Map<string, ItemBattles[]>();
  for (const it of items) {
    if (it.aWins + it.bWins + it.ties === 0) continue;
    if (!prompts.has(it.promptId)) throw new Error(`battles reference unknown prompt ${it.promptId}`);
    (byDimension.get(it.dimension) ?? byDimension.set(it.dimension, []).get(it.dimension)!).push(it);
  }
  const out: PreparedSlice[] = [];
  for (const dimension of [...byDimension.keys()].sort()) {
    const { promptIds, d } = dimensionItems(byDimension.get(dimension)!);
    // A prompt's slices depend only on its attributes: computed once per combination of them (a
    // few hundred), not once per prompt, and kept as slice numbers; each slice's prompts in order.
    const names: string[] = [];
    const numberOf = new Map<string, number>();
    // By locale, region, category, then modality: four lookups of strings already hashed, where a
    // key built per prompt would cost a new string and its hash a million times.
    const byLocale = new Map<string, Map<string, Map<string, Map<string, Int32Array>>>>();
    const slicesOfPrompt: Int32Array[] = new Array(promptIds.length);
    const sizes: number[] = [];
    for (let p = 0; p < promptIds.length; p++) {
      const attributes = prompts.get(promptIds[p])!;
      let byRegion = byLocale.get(attributes.locale);
      if (!byRegion) byLocale.set(attributes.locale, (byRegion = new Map()));
      let byCategory = byRegion.get(attributes.region);
      if (!byCategory) byRegion.set(attributes.region, (byCategory = new Map()));
      let byModality = byCategory.get(attributes.category);
      if (!byModality) byCategory.set(attributes.category, (byModality = new Map()));
      let numbers = byModality.get(attributes.modality);
      if (!numbers) {
        numbers = Int32Array.from(slicing(attributes), (slice) => {
          let k = numberOf.get(slice);
          if (k === undefined) {
            numberOf.set(slice, (k = names.length));
            names.push(slice);
            sizes.push(0);
          }
          return k;
        });
        byModality.set(attributes.modality, numbers);
      }
      slicesOfPrompt[p] = numbers;
      for (let j = 0; j < numbers.length; j++) sizes[numbers[j]]++;
    }
    const members = sizes.map((size) => new Int32Array(size));
    const filled = new Int32Array(sizes.length);
    for (let p = 0; p < slicesOfPrompt.length; p++) {
      const numbers = slicesOfPrompt[p];
      for (let j = 0; j < numbers.length; j++) members[numbers[j]][filled[numbers[j]]++] = p;
    }
    for (const slice of [...names].sort(compareSlices)) {
      out.push({ dimension, slice, items: d, prompts: members[numberOf.get(slice)!], seed: deriveSeed(seed, `leaderboard|${dimension}|${slice}`) });
    }
  }
  return out;
}

export function rateSlices(prepared: PreparedSlice[], models: number, opts: LeaderboardOptions): SliceStandings[] {
  return prepared.map((p) => ({ dimension: p.dimension, slice: p.slice,
    result: rateSlice(sliceBattles(p.items, p.prompts), models, { resamples: opts.resamples, seed: p.seed, styleControl: opts.styleControl }) }));
}

/**
 * About what rating a slice costs, in resampled draws per resample: its prompts (style control,
 * the slice's arrays) and its outcome types (drawing and adding them), types estimated as at most
 * one per prompt. Used to share slices between threads.
 */
export function sliceCost(s: PreparedSlice): number {
  const prompts = s.prompts.length;
  return prompts * 1.25 + Math.min(prompts, s.items.outcomes) * 20;
}

/** Prepare and rate every slice, here and now (tests, small inputs). */
export function computeLeaderboard(items: ItemBattles[], models: number, prompts: Map<string, PromptAttributes>, opts: LeaderboardOptions,
  slicing: (p: PromptAttributes) => string[]): SliceStandings[] {
  return rateSlices(prepareSlices(items, prompts, opts.seed, slicing), models, opts);
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
