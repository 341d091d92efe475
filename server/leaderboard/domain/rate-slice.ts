// One slice of the leaderboard: Bradley–Terry ratings with prompt-bootstrap intervals, ranks,
// win rates and style-controlled ratings, for the battles of the slice's prompts.
// Definitions (docs/leaderboard.md): a resample draws the slice's prompts with replacement, all
// battles of a drawn prompt together; each resample is fitted warm from the point estimate.
import { quantile } from "../../analytics/domain/bootstrap";
import { ResampleCounts } from "../../analytics/domain/resample-counts";
import { mulberry32 } from "../../analytics/domain/seeded-random";
import { comparisonComponents, isStronglyConnected, ratableCore } from "./battle-graph";
import { RATING_MEAN, expectedWin, fitBradleyTerry, fitCorePairs, type CorePairs } from "./bradley-terry";
import { PairTotals } from "./pair-totals";
import { fitStyleControlled, type StyleControlledFit, type StyledBattles } from "./style-controlled-fit";

/**
 * The battles of one slice and dimension. Prompts with the same outcome (the same pairs, the same
 * wins) are one "type": a bootstrap resample of the prompts is then a multinomial draw over the
 * types (the same distribution as drawing prompts one by one, as in analytics/domain/bootstrap.ts),
 * costing the number of types instead of the number of prompts.
 */
export interface SliceBattles {
  /** a type's entries (one per item) are typeStart[t] .. typeStart[t+1]-1 */
  typeStart: Int32Array;
  /** prompts of each type */
  typeCount: Float64Array;
  /** the type of each prompt (for resamples drawn prompt by prompt) */
  typeOfPrompt: Int32Array;
  a: Int32Array;
  b: Int32Array;
  winsA: Float64Array;
  battles: Float64Array;
  prompts: number;
  /** per item with its prompt as cluster, for the style-controlled fit */
  styled: StyledBattles;
}

export type RatingBound = number; // ±Infinity where unbounded

export interface ModelStanding {
  model: number;
  battles: number;
  wins: number;
  /** null when unbounded (see `unbounded`) */
  rating: number | null;
  unbounded: "above" | "below" | "incomparable" | null;
  ratingLow: RatingBound | null;
  ratingHigh: RatingBound | null;
  rank: number;
  rankBest: number | null;
  rankWorst: number | null;
  winRateLow: number | null;
  winRateHigh: number | null;
  styleRating: number | null;
  styleLow: number | null;
  styleHigh: number | null;
  /** resamples in which the model had no battle or was cut off from the rest */
  resamplesWithout: number;
}

/** Row model's share of its battles against the column model (ties as halves), and the fit's prediction. */
export interface PairwiseRate {
  a: number;
  b: number;
  battles: number;
  observed: number;
  predicted: number | null;
}

export type SliceResult =
  | { kind: "rated"; standings: ModelStanding[]; pairwise: PairwiseRate[]; resamples: number; degenerateResamples: number; styleCoefficients: number[] | null; prompts: number }
  | { kind: "refused"; reason: string; components: number[][]; prompts: number };

export interface RateOptions {
  resamples: number;
  /** seeds the resamples (mulberry32): the same seed, the same intervals */
  seed: number;
  /** compute the style-controlled rating (needs per-entry style) */
  styleControl: boolean;
}

/** Each entry's cell in the pair totals and its wins for the lower-numbered model: a resample adds without branching. */
interface EntryCells {
  cell: Int32Array;
  wins: Float64Array;
}

function entryCells(s: SliceBattles, models: number): EntryCells {
  const n = s.a.length;
  const cell = new Int32Array(n), wins = new Float64Array(n);
  for (let e = 0; e < n; e++) {
    const low = s.a[e] < s.b[e];
    cell[e] = low ? s.a[e] * models + s.b[e] : s.b[e] * models + s.a[e];
    wins[e] = low ? s.winsA[e] : s.battles[e] - s.winsA[e];
  }
  return { cell, wins };
}

/**
 * Adds each type's entries `counts[type]` times (the point estimate's counts, or a resample's: the
 * bootstrap's inner loop) into `totalWins`/`totalBattles` at each entry's slot (`slot[e]`: a cell of
 * the pair totals, or a pair of the point estimate's list).
 */
function addTypes(totalWins: Float64Array, totalBattles: Float64Array, slot: Int32Array, s: SliceBattles, wins: Float64Array, counts: ArrayLike<number>): void {
  const { typeStart, battles } = s;
  if (battles.length === counts.length) {
    // One entry per type (every prompt with one item, as usual): type t's entry is entry t.
    for (let ty = 0; ty < counts.length; ty++) {
      const c = counts[ty], at = slot[ty];
      totalWins[at] += c * wins[ty];
      totalBattles[at] += c * battles[ty];
    }
    return;
  }
  // No skip for types drawn zero times: with a few prompts per type that branch goes either way
  // at random and costs more in mispredictions than adding zeros.
  for (let ty = 0; ty < counts.length; ty++) {
    const c = counts[ty];
    for (let e = typeStart[ty], end = typeStart[ty + 1]; e < end; e++) {
      totalWins[slot[e]] += c * wins[e];
      totalBattles[slot[e]] += c * battles[e];
    }
  }
}

/**
 * The pairs that met in the data, in cell order (grouped by the lower model, as the fit expects),
 * when every present model is rated (the core): a resample meets only in these pairs, so its totals
 * can be added straight into a list of them, checked, fitted and summed per model without the
 * m × m pair totals. `fit` holds core positions and the resample's counts (refilled per resample).
 */
interface PointPairs {
  count: number;
  cell: Int32Array;
  modelA: Int32Array;
  modelB: Int32Array;
  wins: Float64Array;
  battles: Float64Array;
  /** each entry's pair */
  entryPair: Int32Array;
  fit: CorePairs;
}

function pointPairs(point: PairTotals, core: number[], cells: EntryCells): PointPairs | null {
  const m = point.models;
  const position = new Int32Array(m).fill(-1);
  core.forEach((model, k) => (position[model] = k));
  const list: number[] = [];
  for (let c = 0; c < m * m; c++) if (point.battles[c] > 0) list.push(c);
  const cell = Int32Array.from(list);
  const pairOfCell = new Int32Array(m * m).fill(-1);
  cell.forEach((c, q) => (pairOfCell[c] = q));
  const entryPair = Int32Array.from(cells.cell, (c) => pairOfCell[c]);
  const modelA = Int32Array.from(cell, (c) => Math.floor(c / m)), modelB = Int32Array.from(cell, (c) => c % m);
  if (entryPair.some((q) => q < 0) || modelA.some((a) => position[a] < 0) || modelB.some((b) => position[b] < 0)) return null;
  return {
    count: cell.length, cell, modelA, modelB, entryPair,
    wins: Float64Array.from(cell, (c) => point.wins[c]), battles: Float64Array.from(cell, (c) => point.battles[c]),
    fit: { a: Int32Array.from(modelA, (a) => position[a]), b: Int32Array.from(modelB, (b) => position[b]),
      w: new Float64Array(cell.length), n: new Float64Array(cell.length), count: cell.length },
  };
}

/**
 * Whether a resample has the point estimate's beat graph: every pair that met still meets, and
 * each side of it still has a win (or tie) exactly where it had one. Its components and core are
 * then the point estimate's, and the graph searches can be skipped.
 */
function samePairPattern(pairs: PointPairs): boolean {
  const { wins: pw, battles: pb } = pairs;
  const { w: rw, n: rb } = pairs.fit;
  for (let q = 0; q < pairs.count; q++) {
    if (rb[q] === 0 || (pw[q] > 0) !== (rw[q] > 0) || (pw[q] < pb[q]) !== (rw[q] < rb[q])) return false;
  }
  return true;
}

function interval(drawn: number[]): { low: number; high: number } | null {
  if (drawn.length === 0) return null;
  // A typed array sorts numbers natively (no comparator called per comparison); no NaN is drawn here.
  const values = Float64Array.from(drawn).sort();
  // ±Infinity sort to the ends; a quantile that lands on one is unbounded on that side.
  const q = (p: number) => {
    const h = (values.length - 1) * p;
    const lo = Math.floor(h);
    const hi = Math.min(lo + 1, values.length - 1);
    if (!Number.isFinite(values[lo]) || !Number.isFinite(values[hi])) return h - lo < 0.5 || values[lo] === values[hi] ? values[lo] : values[hi];
    return quantile(values, p);
  };
  return { low: q(0.025), high: q(0.975) };
}

/**
 * Fits one set of pair totals: ratings by model (NaN: not rated here; ±Infinity: unbounded).
 * A resample is anchored to the point estimate's core (`anchor`): it is fitted warm from the point
 * ratings and shifted so that the anchor models it rates keep their mean of 1000, so that a
 * resample missing a model does not move everyone else. Returns whether the resample rated the
 * whole anchor with nothing cut off (false) or else the fit's Hessian factor (null if none).
 */
function rateTotals(t: PairTotals, out: Float64Array, start?: { ratings: Float64Array; anchor: ReadonlySet<number>; core: number[]; factor: Float64Array | null }): Float64Array | null | false {
  const m = t.models;
  out.fill(NaN);
  const { battles } = t.perModel();
  const present = Array.from({ length: m }, (_, i) => battles[i] > 0);
  const components = comparisonComponents(t, present);
  if (components.length === 0) return false;
  const anchored = (c: number[]) => (start ? c.filter((v) => start.anchor.has(v)).length : 0);
  const nodes = [...components].sort((x, y) => anchored(y) - anchored(x))[0];
  const { core, above, below, incomparable } = isStronglyConnected(t, nodes)
    ? { core: nodes, above: [], below: [], incomparable: [] } : ratableCore(t, nodes, start?.anchor);
  const sameCore = start !== undefined && core.length === start.core.length && core.every((v, i) => v === start.core[i]);
  const fit = fitBradleyTerry(t, core, start ? core.map((i) => (Number.isFinite(start.ratings[i]) ? start.ratings[i] : RATING_MEAN)) : undefined,
    sameCore ? start.factor : null);
  core.forEach((i, k) => (out[i] = fit.ratings[k]));
  if (start) {
    const kept = core.filter((i) => start.anchor.has(i));
    if (kept.length === 0) {
      out.fill(NaN);
      return false;
    }
    const shift = RATING_MEAN - kept.reduce((s, i) => s + out[i], 0) / kept.length;
    for (const i of core) out[i] += shift;
  }
  for (const i of above) out[i] = Infinity;
  for (const i of below) out[i] = -Infinity;
  const whole = components.length === 1 && above.length + below.length + incomparable.length === 0 && (!start || core.length >= start.anchor.size);
  return whole ? fit.factor : false;
}

export function rateSlice(s: SliceBattles, models: number, opts: RateOptions): SliceResult {
  const cells = entryCells(s, models);
  const point = new PairTotals(models);
  addTypes(point.wins, point.battles, cells.cell, s, cells.wins, s.typeCount);
  const perModel = point.perModel();
  const present = Array.from({ length: models }, (_, i) => perModel.battles[i] > 0);
  const components = comparisonComponents(point, present);
  if (components.length > 1) {
    return { kind: "refused", reason: "the comparison graph is not connected", components, prompts: s.prompts };
  }
  const pointRatings = new Float64Array(models);
  const pointFactor = rateTotals(point, pointRatings);
  const anchor = new Set(coreOf(pointRatings));
  const start = { ratings: pointRatings, anchor, core: coreOf(pointRatings), factor: pointFactor || null };

  const prompts = s.prompts;
  // Exact resamples of the prompts, drawn over their outcome types (resample-counts.ts).
  const resampler = new ResampleCounts(s.typeCount, s.typeOfPrompt);
  const counts = new Int32Array(s.typeCount.length);
  const rng = mulberry32(opts.seed);
  const R = opts.resamples;
  const draws = new Float64Array(R * models);
  const winShares = new Float64Array(R * models);
  const resampled = new PairTotals(models);
  const out = new Float64Array(models);
  const modelBattles = new Float64Array(models), modelWins = new Float64Array(models);
  // A point estimate that rated every model with nothing cut off: resamples with its beat graph
  // are fitted on its core, warm from its ratings and Hessian, without the graph searches.
  const whole = pointFactor !== false && start.core.length === present.filter(Boolean).length;
  const pairs = whole ? pointPairs(point, start.core, cells) : null;
  const coreStart = start.core.map((i) => pointRatings[i]);
  let degenerate = 0;
  for (let r = 0; r < R; r++) {
    resampler.draw(rng, counts);
    if (pairs) {
      const { w, n } = pairs.fit;
      w.fill(0);
      n.fill(0);
      addTypes(w, n, pairs.entryPair, s, cells.wins, counts);
      if (samePairPattern(pairs)) {
        out.fill(NaN);
        // The fit's ratings have mean 1000 over the core, which is the anchor: no shift.
        const fit = fitCorePairs(pairs.fit, start.core.length, coreStart, start.factor);
        start.core.forEach((i, k) => (out[i] = fit.ratings[k]));
      } else {
        resampled.clear();
        for (let q = 0; q < pairs.count; q++) {
          resampled.wins[pairs.cell[q]] = w[q];
          resampled.battles[pairs.cell[q]] = n[q];
        }
        if (rateTotals(resampled, out, start) === false) degenerate++;
      }
      // Battles and wins per model, summed over the pairs in the order perModelInto sums the cells.
      modelBattles.fill(0);
      modelWins.fill(0);
      for (let q = 0; q < pairs.count; q++) {
        if (n[q] === 0) continue;
        const a = pairs.modelA[q], b = pairs.modelB[q];
        modelBattles[a] += n[q];
        modelBattles[b] += n[q];
        modelWins[a] += w[q];
        modelWins[b] += n[q] - w[q];
      }
    } else {
      resampled.clear();
      addTypes(resampled.wins, resampled.battles, cells.cell, s, cells.wins, counts);
      if (rateTotals(resampled, out, start) === false) degenerate++;
      resampled.perModelInto(modelBattles, modelWins);
    }
    draws.set(out, r * models);
    for (let i = 0; i < models; i++) winShares[r * models + i] = modelBattles[i] > 0 ? modelWins[i] / modelBattles[i] : NaN;
  }

  const style: StyleControlledFit | null = opts.styleControl ? fitStyleControlled(s.styled, start.core, start.core.map((i) => pointRatings[i])) : null;
  const styleIndex = new Map(start.core.map((m, k) => [m, k]));

  const ranks = resampleRanks(draws, R, models);
  const standings: ModelStanding[] = [];
  for (let i = 0; i < models; i++) {
    if (!present[i]) continue;
    const ratingDraws: number[] = [], winDraws: number[] = [];
    let without = 0, best = Infinity, worst = -Infinity;
    for (let r = 0; r < R; r++) {
      const v = draws[r * models + i];
      if (Number.isNaN(v)) {
        without++;
        continue;
      }
      ratingDraws.push(v);
      const rank = ranks[r * models + i];
      best = Math.min(best, rank);
      worst = Math.max(worst, rank);
      if (!Number.isNaN(winShares[r * models + i])) winDraws.push(winShares[r * models + i]);
    }
    const ci = interval(ratingDraws);
    const wci = interval(winDraws);
    const v = pointRatings[i];
    const k = styleIndex.get(i);
    standings.push({
      model: i, battles: perModel.battles[i], wins: perModel.wins[i],
      rating: Number.isFinite(v) ? v : null, unbounded: v === Infinity ? "above" : v === -Infinity ? "below" : Number.isNaN(v) ? "incomparable" : null,
      ratingLow: ci?.low ?? null, ratingHigh: ci?.high ?? null, rank: 0,
      rankBest: ratingDraws.length ? best : null, rankWorst: ratingDraws.length ? worst : null,
      winRateLow: wci?.low ?? null, winRateHigh: wci?.high ?? null,
      styleRating: style && k !== undefined ? style.ratings[k] : null,
      styleLow: style && k !== undefined ? style.low[k] : null, styleHigh: style && k !== undefined ? style.high[k] : null,
      resamplesWithout: without,
    });
  }
  // Rank: 1 + the models whose interval lies wholly above this model's (the Arena's rule).
  const bounds = (x: ModelStanding) => ({
    low: x.ratingLow ?? x.rating ?? (x.unbounded === "above" ? Infinity : -Infinity),
    high: x.ratingHigh ?? x.rating ?? (x.unbounded === "below" ? -Infinity : Infinity),
  });
  for (const x of standings) x.rank = 1 + standings.filter((y) => y !== x && bounds(y).low > bounds(x).high).length;
  const order = (x: ModelStanding) => x.rating ?? (x.unbounded === "above" ? Infinity : -Infinity);
  standings.sort((x, y) => x.rank - y.rank || order(y) - order(x) || x.model - y.model);
  return { kind: "rated", standings, pairwise: pairwiseRates(point, pointRatings), resamples: R, degenerateResamples: degenerate,
    styleCoefficients: style?.coefficients ?? null, prompts };
}

/**
 * Each model's rank in each resample: 1 + the models rated strictly higher in it (a model without
 * a rating there, NaN, is above no one). One sort per resample instead of comparing every pair.
 */
function resampleRanks(draws: Float64Array, resamples: number, models: number): Int32Array {
  const ranks = new Int32Array(resamples * models);
  const row = new Float64Array(models);
  for (let r = 0; r < resamples; r++) {
    row.set(draws.subarray(r * models, (r + 1) * models));
    row.sort(); // ascending, NaN last
    let rated = models;
    while (rated > 0 && Number.isNaN(row[rated - 1])) rated--;
    for (let i = 0; i < models; i++) {
      const v = draws[r * models + i];
      if (Number.isNaN(v)) continue;
      // the first position holding a value above v: everything from there to `rated` is higher
      let lo = 0, hi = rated;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (row[mid] <= v) lo = mid + 1;
        else hi = mid;
      }
      ranks[r * models + i] = 1 + rated - lo;
    }
  }
  return ranks;
}

const coreOf = (ratings: Float64Array) => [...ratings.keys()].filter((i) => Number.isFinite(ratings[i]));

/** Every ordered pair that met, from the slice's pair totals; predicted where both models are rated. */
function pairwiseRates(t: PairTotals, ratings: Float64Array): PairwiseRate[] {
  const out: PairwiseRate[] = [];
  for (let i = 0; i < t.models; i++) {
    for (let j = 0; j < t.models; j++) {
      const battles = i === j ? 0 : t.battlesOf(i, j);
      if (battles === 0) continue;
      const both = Number.isFinite(ratings[i]) && Number.isFinite(ratings[j]);
      out.push({ a: i, b: j, battles, observed: t.winsOf(i, j) / battles, predicted: both ? expectedWin(ratings[i], ratings[j]) : null });
    }
  }
  return out;
}
