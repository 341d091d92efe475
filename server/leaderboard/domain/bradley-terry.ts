// Bradley–Terry by maximum likelihood on the Elo scale: P(i beats j) = 1 / (1 + 10^((R_j − R_i)/400)),
// ties counted as half a win for each side, no prior or regularisation. Fitted by Newton's method
// on the (concave) log-likelihood over the pair totals, so a fit costs the same for a thousand
// battles as for a million. Call it on a ratable core only (battle-graph.ts): elsewhere the
// maximum does not exist.
import { choleskyFactor, solveWithFactor } from "./cholesky";
import type { PairTotals } from "./pair-totals";

/** Elo points per unit of log-odds: R = ELO_SCALE · θ. */
export const ELO_SCALE = 400 / Math.LN10;
export const RATING_MEAN = 1000;

const MAX_ITERATIONS = 100;
// Newton converges quadratically: once a step is below 1e-7 (in log-odds; 4e-5 Elo points), the
// point it lands on is within far less of the maximum.
const STEP_TOLERANCE = 1e-7;
// Steps this small stay where the quadratic model is accurate: no line search.
const TRUSTED_STEP = 0.25;
// A bootstrap resample first tries steps with the point estimate's Hessian (its factor is reused:
// no factorisation per resample); it converges linearly, fast when the resample is like the data.
const CHORD_ITERATIONS = 12;
// A resample's fit stops at steps below 1e-5 (0.004 Elo points; a chord step leaves an error of a
// fraction of that: at most 1e-4 Elo points in the bench's intervals): over a thousand times finer
// than the Monte Carlo error of a 2.5% bootstrap quantile (about 0.25 Elo points at a million
// battles and a thousand resamples), and one step fewer per resample than 1e-6.
const CHORD_STEP_TOLERANCE = 1e-5;

/** log(1 + eˣ) without overflow. */
export const log1pExp = (x: number) => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));

export interface BradleyTerryFit {
  /** Elo-scale ratings of the core's models, in the core's order, mean RATING_MEAN */
  ratings: Float64Array;
  iterations: number;
  converged: boolean;
  /** Cholesky factor of the Hessian at the maximum (free parameters: all but the core's last model) */
  factor: Float64Array | null;
}

/**
 * The battles a fit sees, per pair of core models that met: positions in the core (a < b, grouped
 * by a, as derivatives() expects), wins of a (ties as halves), battles.
 */
export interface CorePairs {
  a: Int32Array;
  b: Int32Array;
  w: Float64Array;
  n: Float64Array;
  count: number;
}

// Scratch space for the pairs of a fit, reused from fit to fit: a bootstrap fits thousands of times.
let scratch: CorePairs = { a: new Int32Array(0), b: new Int32Array(0), w: new Float64Array(0), n: new Float64Array(0), count: 0 };

function corePairs(t: PairTotals, core: number[]): CorePairs {
  const k = core.length;
  const m = t.models;
  const max = (k * (k - 1)) / 2;
  if (scratch.a.length < max) scratch = { a: new Int32Array(max), b: new Int32Array(max), w: new Float64Array(max), n: new Float64Array(max), count: 0 };
  const p = scratch;
  p.count = 0;
  for (let x = 0; x < k; x++) {
    const i = core[x];
    for (let y = x + 1; y < k; y++) {
      const j = core[y];
      const battles = i < j ? t.battles[i * m + j] : t.battlesOf(i, j);
      if (battles === 0) continue;
      p.a[p.count] = x;
      p.b[p.count] = y;
      p.w[p.count] = i < j ? t.wins[i * m + j] : t.winsOf(i, j);
      p.n[p.count++] = battles;
    }
  }
  return p;
}

function logLikelihood(p: CorePairs, theta: Float64Array): number {
  let ll = 0;
  for (let q = 0; q < p.count; q++) {
    const d = theta[p.a[q]] - theta[p.b[q]];
    ll -= p.w[q] * log1pExp(-d) + (p.n[q] - p.w[q]) * log1pExp(d);
  }
  return ll;
}

/**
 * Gradient (and Hessian, when `hess` is given) of the log-likelihood in the free parameters.
 * P(i beats j) = π_i / (π_i + π_j) with π = exp(θ − max θ): k exponentials, not one per pair.
 */
function derivatives(p: CorePairs, theta: Float64Array, pi: Float64Array, grad: Float64Array, hess: Float64Array | null, f: number): void {
  let top = -Infinity;
  for (let i = 0; i <= f; i++) top = Math.max(top, theta[i]);
  for (let i = 0; i <= f; i++) pi[i] = Math.exp(theta[i] - top);
  grad.fill(0);
  if (hess) hess.fill(0);
  const { a, b, w, n, count } = p;
  // Pairs come grouped by their first model (corePairs): its gradient is summed in a local and
  // stored once per group, not read and written back for every pair.
  let current = count > 0 ? a[0] : 0;
  let gCurrent = 0;
  for (let q = 0; q < count; q++) {
    const i = a[q], j = b[q];
    if (i !== current) {
      if (current < f) grad[current] += gCurrent;
      current = i;
      gCurrent = 0;
    }
    const pij = pi[i] / (pi[i] + pi[j]);
    const g = w[q] - n[q] * pij;
    gCurrent += g;
    if (j < f) grad[j] -= g;
    if (!hess) continue;
    const h = n[q] * pij * (1 - pij);
    if (i < f) hess[i * f + i] += h;
    if (j < f) {
      hess[j * f + j] += h;
      if (i < f) {
        hess[i * f + j] -= h;
        hess[j * f + i] -= h;
      }
    }
  }
  if (count > 0 && current < f) grad[current] += gCurrent;
}

// The vectors and Hessian of a fit, reused from fit to fit like the pairs: a bootstrap's thousand
// fits of 50 models would otherwise allocate some 25 KB each, and collecting it cost ~10% of a
// leaderboard's time. Nothing here outlives a call (the ratings and factor returned are fresh).
interface Workspace { k: number; theta: Float64Array; grad: Float64Array; hess: Float64Array; pi: Float64Array; step: Float64Array; next: Float64Array }
let workspace: Workspace | null = null;

function workspaceFor(k: number): Workspace {
  if (workspace?.k !== k) {
    const f = k - 1;
    workspace = { k, theta: new Float64Array(k), grad: new Float64Array(f), hess: new Float64Array(f * f), pi: new Float64Array(k), step: new Float64Array(f), next: new Float64Array(k) };
  }
  return workspace;
}

/**
 * Fits the core's models. `start` (Elo ratings in the core's order) makes a warm start; with
 * `factor` as well (the point estimate's, when fitting a bootstrap resample of the same core) the
 * first steps reuse that Hessian.
 */
export function fitBradleyTerry(t: PairTotals, core: number[], start?: ArrayLike<number>, factor?: Float64Array | null): BradleyTerryFit {
  return fitCorePairs(corePairs(t, core), core.length, start, factor);
}

/**
 * fitBradleyTerry on pairs already gathered for a core of k models: a bootstrap whose resamples
 * meet in the same pairs as the data keeps one pairs list and refills its counts.
 */
export function fitCorePairs(pairs: CorePairs, k: number, start?: ArrayLike<number>, factor?: Float64Array | null): BradleyTerryFit {
  if (k === 1) return { ratings: Float64Array.of(RATING_MEAN), iterations: 0, converged: true, factor: null };
  // θ of the last core model is held at 0 (the likelihood only sees differences); k − 1 free parameters.
  const { theta, grad, hess, pi, step, next } = workspaceFor(k);
  theta.fill(0);
  if (start) for (let i = 0; i < k; i++) theta[i] = (start[i] - start[k - 1]) / ELO_SCALE;
  const f = k - 1;
  let iterations = 0;
  let converged = false;
  let lastFactor: Float64Array | null = null;

  if (factor && start) {
    for (let c = 0; c < CHORD_ITERATIONS && !converged; c++) {
      iterations++;
      derivatives(pairs, theta, pi, grad, null, f);
      solveWithFactor(factor, grad, f, step);
      let largest = 0;
      for (let i = 0; i < f; i++) largest = Math.max(largest, Math.abs(step[i]));
      if (!(largest <= TRUSTED_STEP)) break;
      for (let i = 0; i < f; i++) theta[i] += step[i];
      // A chord step shrinks the error by a small constant factor here (the resample's Hessian is close
      // to the point estimate's): the error left after a step below the tolerance is smaller still.
      if (largest < CHORD_STEP_TOLERANCE) converged = true;
    }
  }
  let ll = NaN;
  while (!converged && iterations < MAX_ITERATIONS) {
    iterations++;
    derivatives(pairs, theta, pi, grad, hess, f);
    lastFactor = choleskyFactor(hess, f);
    if (!lastFactor) break;
    solveWithFactor(lastFactor, grad, f, step);
    let largest = 0;
    for (let i = 0; i < f; i++) largest = Math.max(largest, Math.abs(step[i]));
    if (largest <= TRUSTED_STEP) {
      for (let i = 0; i < f; i++) theta[i] += step[i];
      ll = NaN;
    } else {
      // Far from the maximum (a cold start): backtrack until the likelihood does not fall.
      if (Number.isNaN(ll)) ll = logLikelihood(pairs, theta);
      let scale = 1;
      let nextLl = -Infinity;
      for (let halvings = 0; halvings < 40; halvings++) {
        for (let i = 0; i < f; i++) next[i] = theta[i] + scale * step[i];
        nextLl = logLikelihood(pairs, next);
        if (nextLl >= ll - 1e-12 * Math.abs(ll)) break;
        scale /= 2;
      }
      largest *= scale;
      theta.set(next);
      ll = nextLl;
    }
    if (largest < STEP_TOLERANCE) converged = true;
  }
  if (converged && !factor) {
    derivatives(pairs, theta, pi, grad, hess, f);
    lastFactor = choleskyFactor(hess, f);
  }
  let mean = 0;
  for (let i = 0; i < k; i++) mean += theta[i];
  mean /= k;
  const ratings = new Float64Array(k);
  for (let i = 0; i < k; i++) ratings[i] = RATING_MEAN + ELO_SCALE * (theta[i] - mean);
  return { ratings, iterations, converged, factor: lastFactor };
}

/** P(i beats j) for Elo-scale ratings. */
export const expectedWin = (ri: number, rj: number) => 1 / (1 + Math.pow(10, (rj - ri) / 400));
