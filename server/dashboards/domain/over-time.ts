// A study's headline as judgments accumulate: the report's own row builder run on the judgments
// counted up to each of a few checkpoints, so a stable result shows as flat lines narrowing.
// Judgments arrive as columns (one typed array per field, items and dimensions as codes): at a
// million judgments, one object per judgment and a string key per unit cost seconds.
import { packedBits } from "../../analytics/domain/packed-histogram";
import { PREFERENCE_POINTS, unitOfHistogram, type PreferenceUnit } from "../../analytics/domain/side-by-side-report";
import { ScoreSeries, type Series } from "../../analytics/domain/single-sided-report";

/** Judgment counts to evaluate at: `points` evenly spaced counts ending at the total (fewer for small studies). */
export function checkpoints(total: number, points: number): number[] {
  if (total <= 0) return [];
  const out: number[] = [];
  for (let i = 1; i <= points; i++) {
    const c = Math.ceil((total * i) / points);
    if (c > 0 && c !== out[out.length - 1]) out.push(c);
  }
  return out;
}

/** Counted judgments as columns: row r is item `item[r]` (a code) on dimension `dimension[r]` (a code), submitted at `at[r]` (ms). */
export interface TimedColumns {
  length: number;
  item: Int32Array;
  /** distinct items (codes run 0 … items − 1) */
  items: number;
  dimension: Int32Array;
  dimensions: number;
  value: Float64Array;
  at: Float64Array;
}

/** Row indices in submission order; rows submitted at the same time keep their order (a stable sort). */
export function timeOrder(at: Float64Array): Int32Array {
  const n = at.length;
  let min = Infinity, max = -Infinity, whole = true;
  for (let r = 0; r < n; r++) {
    const t = at[r];
    if (t < min) min = t;
    if (t > max) max = t;
    if (!Number.isInteger(t)) whole = false;
  }
  // Whole milliseconds over a span short enough (99 days at a million rows): each row's key,
  // (time − first) · n + row, is an exact double, and one native sort of the keys gives the order.
  if (n > 0 && whole && (max - min + 1) * n <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let r = 0; r < n; r++) keys[r] = (at[r] - min) * n + r;
    keys.sort();
    const order = new Int32Array(n);
    for (let k = 0; k < n; k++) order[k] = keys[k] % n;
    return order;
  }
  return timeOrderByRank(at);
}

/** The same order for any times: a counting sort by each row's rank among the distinct times. */
export function timeOrderByRank(at: Float64Array): Int32Array {
  const distinct = Float64Array.from(new Set(at)).sort();
  // Counting sort by the rank of each row's time among the distinct times.
  const rank = new Int32Array(at.length);
  const start = new Int32Array(distinct.length + 1);
  for (let r = 0; r < at.length; r++) {
    let lo = 0, hi = distinct.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distinct[mid] < at[r]) lo = mid + 1;
      else hi = mid;
    }
    rank[r] = lo;
    start[lo + 1]++;
  }
  for (let k = 0; k < distinct.length; k++) start[k + 1] += start[k];
  const order = new Int32Array(at.length);
  for (let r = 0; r < at.length; r++) order[start[rank[r]]++] = r;
  return order;
}

/**
 * Single-sided judgments in submission order, each score added to its model's series on its
 * prompt as it comes; at each checkpoint `emit` reads the series (its rows). A checkpoint costs
 * the rows, not a recount of every judgment so far. `itemOf` names an item code's prompt and model.
 */
export function scoresOverTime(j: TimedColumns, points: number, series: ScoreSeries, itemOf: (item: number) => { promptId: string; model: string },
  dimensionKey: (dimension: number) => string, emit: (judgments: number, at: number) => void): void {
  // Each item's prompt index and each unit's series, found the first time a judgment names them.
  const promptOf = new Int32Array(j.items).fill(-1);
  const seriesOfUnit: (Series | undefined)[] = new Array(j.items * j.dimensions);
  const order = timeOrder(j.at);
  let next = 0;
  for (const c of checkpoints(order.length, points)) {
    for (; next < c; next++) {
      const r = order[next];
      const item = j.item[r];
      const unit = item * j.dimensions + j.dimension[r];
      let s = seriesOfUnit[unit];
      if (!s) {
        const named = itemOf(item);
        if (promptOf[item] < 0) promptOf[item] = series.indexOf(named.promptId);
        s = seriesOfUnit[unit] = series.seriesOf(dimensionKey(j.dimension[r]), named.model);
      }
      ScoreSeries.addScore(s, promptOf[item], j.value[r]);
    }
    emit(c, j.at[order[c - 1]]);
  }
}

interface HistogramGroup {
  histogram: Int32Array;
  count: number;
}

/**
 * Side-by-side judgments in submission order, as the units the headline's counts and rates need:
 * at each checkpoint, prompts grouped by dimension and histogram, each group one unit with its
 * count (as the report groups them from UnitTally). A judgment moves its prompt from one group to the
 * next, so each checkpoint costs the groups, not the prompts. Position counts are left out:
 * the over-time view shows verdict rates, which follow from histograms alone, for slice "all"
 * alone, so the units name no prompt.
 */
export function preferenceGroupsOverTime(j: TimedColumns, points: number, dimensionKey: (dimension: number) => string,
  emit: (judgments: number, at: number, units: PreferenceUnit[]) => void): void {
  const P = PREFERENCE_POINTS;
  const histograms = new Int32Array(j.items * j.dimensions * P);
  const groups = Array.from({ length: j.dimensions }, () => new Map<number | string, HistogramGroup>());
  // Each unit's histogram as a key, kept as judgments arrive: packed (packed-histogram.ts; 0 while
  // the unit has none), a judgment at point p adding 2^(bits · p); NaN once a point outgrows its
  // field, and the counts spelled out from then on (they only grow).
  const unitKey = new Float64Array(j.items * j.dimensions);
  const weight = Array.from({ length: P }, (_, p) => 2 ** (packedBits(P) * p));
  const fieldLimit = 2 ** packedBits(P);
  const spelled = (at: number) => histograms.subarray(at, at + P).join(",");
  const order = timeOrder(j.at);
  let next = 0;
  for (const c of checkpoints(order.length, points)) {
    for (; next < c; next++) {
      const r = order[next];
      const d = j.dimension[r];
      const unit = j.item[r] * j.dimensions + d;
      const at = unit * P;
      const byKey = groups[d];
      const old = unitKey[unit];
      if (old !== 0) byKey.get(Number.isNaN(old) ? spelled(at) : old)!.count--;
      const point = j.value[r] + 3; // −3 … +3 at 0 … 6
      if (!(point >= 0 && point < P && Number.isInteger(point))) throw new Error(`a preference of ${j.value[r]} is off the −3 … +3 scale`);
      const count = ++histograms[at + point];
      let key: number | string;
      if (!Number.isNaN(old) && count < fieldLimit) key = unitKey[unit] = old + weight[point];
      else {
        unitKey[unit] = NaN;
        key = spelled(at);
      }
      const g = byKey.get(key);
      if (g) g.count++;
      else byKey.set(key, { histogram: histograms.slice(at, at + P), count: 1 });
    }
    const units: PreferenceUnit[] = [];
    groups.forEach((byKey, d) => {
      for (const g of byKey.values()) {
        if (g.count === 0) continue;
        const u = unitOfHistogram("", dimensionKey(d), Array.from(g.histogram), 0, 0);
        u.count = g.count;
        units.push(u);
      }
    });
    emit(c, j.at[order[c - 1]], units);
  }
}
