// Ratings with style control, as the Chatbot Arena does it: a logistic model of who wins with the
// models' strengths and the battle's style differences (style-features.ts) as covariates, so that
// a model is not rated up for writing longer or more formatted answers. Ratings are those at equal
// style. The 95% interval is a cluster-robust (sandwich) normal interval with prompts as clusters:
// refitting a model with covariates per battle a thousand times would cost a minute at a million
// battles, and the sandwich respects the same dependence the prompt bootstrap does.
import { ELO_SCALE, RATING_MEAN, log1pExp } from "./bradley-terry";
import { invertSpd, solveSpd } from "./cholesky";
import { Z95 } from "../../analytics/domain/wilson-interval";

/** Battles of items (a prompt and a pair each) on one dimension, as parallel arrays. */
export interface StyledBattles {
  a: Int32Array;
  b: Int32Array;
  /** wins of a, ties as halves */
  winsA: Float64Array;
  battles: Float64Array;
  /** style covariates of each row's pair (styleDifference), `features` per row */
  style: Float64Array;
  /** the prompt, as the cluster index */
  cluster: Int32Array;
  features: number;
}

/** Rows from plain objects (tests, small inputs). */
export function styledBattles(rows: { a: number; b: number; winsA: number; battles: number; style: number[]; cluster: number }[], features: number): StyledBattles {
  const style = new Float64Array(rows.length * features);
  rows.forEach((r, q) => style.set(r.style, q * features));
  return { a: Int32Array.from(rows, (r) => r.a), b: Int32Array.from(rows, (r) => r.b), winsA: Float64Array.from(rows, (r) => r.winsA),
    battles: Float64Array.from(rows, (r) => r.battles), style, cluster: Int32Array.from(rows, (r) => r.cluster), features };
}

/** A full Newton step below this (in log-odds) ends the fit: the error it leaves is of order its square. */
const NEWTON_LAST_STEP = 1e-5;

export interface StyleControlledFit {
  /** in the core's order; null when the fit did not converge */
  ratings: Float64Array;
  low: Float64Array;
  high: Float64Array;
  /** per feature, in log-odds per standard deviation of the covariate */
  coefficients: number[];
  converged: boolean;
}


/**
 * The features to fit with: those battles differ in, leaving out any that is (nearly) a linear
 * combination of those kept before it (in a demo, bold spans may come exactly with list items):
 * their coefficients could not be told apart, and the system would be singular. Gram–Schmidt on
 * the battle-weighted columns scaled to squared norm `total`, done on their Gram matrix `gram`
 * (features × features, Σ battles · xᵢ · xⱼ): what is new in a column is its squared norm less
 * that of its projection on the columns kept, a Cholesky step, with no pass over the rows.
 */
function independentFeatures(gram: Float64Array, total: number, features: number): number[] {
  const kept: number[] = [];
  const scale = Array.from({ length: features }, (_, f) => Math.sqrt(gram[f * features + f] / total));
  const scaled = (f: number, g: number) => gram[f * features + g] / (scale[f] * scale[g]);
  // rows of the Cholesky factor of the kept columns' scaled Gram matrix
  const factor: number[][] = [];
  for (let f = 0; f < features; f++) {
    if (!(gram[f * features + f] > 0)) continue;
    const y: number[] = [];
    let projected = 0;
    for (let r = 0; r < kept.length; r++) {
      let v = scaled(kept[r], f);
      for (let c = 0; c < r; c++) v -= factor[r][c] * y[c];
      y.push(v / factor[r][r]);
      projected += y[r] * y[r];
    }
    const left = total - projected;
    // Keep a column with over 0.1% of its squared norm new.
    if (left > 1e-3 * total) {
      factor.push([...y, Math.sqrt(left)]);
      kept.push(f);
    }
  }
  return kept;
}

/**
 * The fit's rows as flat arrays: model slots, wins, battles, covariates. The parameters are the
 * free models' strengths (0 .. free−1), then the covariates' coefficients (free .. p−1); the held
 * model's slot is p, one past them, whose strength stays 0: every row then has the same shape
 * (+1 at a, −1 at b, its covariates) and the hot loops need no branch for the held model. Vectors
 * and matrices of the fit are sized `slots` = p + 1; slot p is dropped before solving.
 */
interface Design {
  ia: Int32Array;
  ib: Int32Array;
  w: Float64Array;
  n: Float64Array;
  x: Float64Array;
  /** the prompt of each row: rows of one prompt are consecutive */
  cluster: Int32Array;
  rows: number;
  free: number;
  features: number;
  p: number;
  slots: number;
}

/** Row q's log-odds that a wins at v (v[p] = 0): strength of a − strength of b + covariates. */
function linearPredictor(d: Design, q: number, v: Float64Array): number {
  const { ia, ib, x, free, features: F } = d;
  let s = v[ia[q]] - v[ib[q]];
  for (let c = 0; c < F; c++) s += v[free + c] * x[q * F + c];
  return s;
}

/**
 * Adds weight · d dᵀ for row q's design vector d (+1 at a, −1 at b, covariates), writing only the
 * entries `mirrorUpper` does not fill: both model–model halves, model–covariate entries above the
 * diagonal, covariate–covariate on and above it (half the writes of the full outer product).
 */
function addRowOuter(d: Design, q: number, weight: number, m: Float64Array): void {
  const { ia, ib, x, free, features: F, slots: S } = d;
  const i = ia[q], j = ib[q], xo = q * F;
  m[i * S + i] += weight;
  m[j * S + j] += weight;
  m[i * S + j] -= weight;
  m[j * S + i] -= weight;
  for (let c = 0; c < F; c++) {
    const col = free + c, wx = weight * x[xo + c];
    m[i * S + col] += wx;
    m[j * S + col] -= wx;
    for (let e = c; e < F; e++) m[col * S + free + e] += wx * x[xo + e];
  }
}

/** Completes a matrix written by addRowOuter: covariate rows and columns below the diagonal, from above it. */
function mirrorUpper(m: Float64Array, d: Design): void {
  const { free, slots: S, p } = d;
  for (let r = free; r < p; r++) for (let c = 0; c < r; c++) m[r * S + c] = m[c * S + r];
}

/** The p × p block of the parameters from a slots × slots matrix (the held model's slot dropped). */
function parameterBlock(m: Float64Array, d: Design): Float64Array {
  const { p, slots: S } = d;
  const out = new Float64Array(p * p);
  for (let r = 0; r < p; r++) out.set(m.subarray(r * S, r * S + p), r * p);
  return out;
}

/**
 * Gradient and Hessian of the log-likelihood at v. With `meat`, also the sandwich's middle:
 * Σ over prompts of the prompt's score times its transpose. A prompt with one row (the usual
 * case) adds g² d dᵀ, the Hessian's shape with g² for its weight; a prompt with several rows sums
 * its score sparsely first. One pass over the rows: the hot loop of the fit.
 */
function accumulateDerivatives(d: Design, v: Float64Array, grad: Float64Array, hess: Float64Array, meat: Float64Array | null): void {
  const { ia, ib, w, n, x, cluster, rows, free, features: F, slots: S } = d;
  hess.fill(0);
  grad.fill(0);
  if (meat) meat.fill(0);
  const score = new Float64Array(meat ? S : 0);
  const isTouched = new Uint8Array(meat ? S : 0);
  const touched: number[] = [];
  const add = (slot: number, value: number) => {
    if (!isTouched[slot]) {
      isTouched[slot] = 1;
      touched.push(slot);
    }
    score[slot] += value;
  };
  for (let q = 0; q < rows; q++) {
    const i = ia[q], j = ib[q], xo = q * F;
    const prob = 1 / (1 + Math.exp(-linearPredictor(d, q, v)));
    const g = w[q] - n[q] * prob;
    grad[i] += g;
    grad[j] -= g;
    for (let c = 0; c < F; c++) grad[free + c] += g * x[xo + c];
    addRowOuter(d, q, n[q] * prob * (1 - prob), hess);
    if (!meat) continue;
    const alone = (q === 0 || cluster[q - 1] !== cluster[q]) && (q + 1 === rows || cluster[q + 1] !== cluster[q]);
    if (alone) {
      addRowOuter(d, q, g * g, meat);
      continue;
    }
    // A prompt with several rows: its score, then (at its last row) the score's outer product.
    add(i, g);
    add(j, -g);
    for (let c = 0; c < F; c++) add(free + c, g * x[xo + c]);
    if (q + 1 === rows || cluster[q + 1] !== cluster[q]) {
      // The entries addRowOuter writes; mirrorUpper fills the rest.
      for (const r of touched) for (const c of touched) if (r < free || c >= r) meat[r * S + c] += score[r] * score[c];
      for (const r of touched) {
        score[r] = 0;
        isTouched[r] = 0;
      }
      touched.length = 0;
    }
  }
  mirrorUpper(hess, d);
  if (meat) mirrorUpper(meat, d);
}

/** `start`: the plain ratings of the core (Elo, core order), a warm start for the strengths. */
export function fitStyleControlled(rows: StyledBattles, core: number[], start?: ArrayLike<number>): StyleControlledFit | null {
  const k = core.length;
  const features = rows.features;
  const posOf = new Int32Array(Math.max(0, ...core) + 1).fill(-1);
  core.forEach((m, i) => (posOf[m] = i));
  const used = new Int32Array(rows.a.length);
  let rowsN = 0;
  // Covariates scaled to unit root-mean-square for a well-conditioned system (the ratings do not
  // change); a feature no battle differs in (no response has a header, say) carries no information.
  const gram = new Float64Array(features * features);
  let total = 0;
  for (let q = 0; q < rows.a.length; q++) {
    const a = rows.a[q], b = rows.b[q], battles = rows.battles[q];
    if (!(a < posOf.length && posOf[a] >= 0 && b < posOf.length && posOf[b] >= 0 && battles > 0)) continue;
    used[rowsN++] = q;
    total += battles;
    const o = q * features;
    for (let f = 0; f < features; f++) {
      const wf = battles * rows.style[o + f];
      for (let g = f; g < features; g++) gram[f * features + g] += wf * rows.style[o + g];
    }
  }
  if (k < 2 || rowsN === 0) return null;
  for (let f = 0; f < features; f++) for (let g = 0; g < f; g++) gram[f * features + g] = gram[g * features + f];
  const active = independentFeatures(gram, total, features);
  const F = active.length;
  const free = k - 1; // the last core model's θ is held at 0
  const p = free + F;
  const slots = p + 1; // slot p: the held model (see Design)
  // Rows grouped by prompt for the sandwich (slices are built in prompt order; others are sorted).
  let ordered = true;
  for (let q = 1; q < rowsN && ordered; q++) ordered = rows.cluster[used[q]] >= rows.cluster[used[q - 1]];
  if (!ordered) used.subarray(0, rowsN).sort((s, t) => rows.cluster[s] - rows.cluster[t] || s - t);
  const slotOf = (m: number) => (posOf[m] < free ? posOf[m] : p);
  const ia = new Int32Array(rowsN), ib = new Int32Array(rowsN), cl = new Int32Array(rowsN);
  const w = new Float64Array(rowsN), n = new Float64Array(rowsN), x = new Float64Array(rowsN * F);
  const unit = active.map((f) => 1 / Math.sqrt(gram[f * features + f] / total));
  for (let q = 0; q < rowsN; q++) {
    const r = used[q];
    ia[q] = slotOf(rows.a[r]);
    ib[q] = slotOf(rows.b[r]);
    cl[q] = rows.cluster[r];
    w[q] = rows.winsA[r];
    n[q] = rows.battles[r];
    for (let c = 0; c < F; c++) x[q * F + c] = rows.style[r * features + active[c]] * unit[c];
  }
  // beta has a slot for the held model too, always 0.
  const beta = new Float64Array(slots);
  if (start) for (let i = 0; i < free; i++) beta[i] = (start[i] - start[k - 1]) / ELO_SCALE;
  const design: Design = { ia, ib, w, n, x, cluster: cl, rows: rowsN, free, features: F, p, slots };
  const loglik = (v: Float64Array) => {
    let ll = 0;
    for (let q = 0; q < rowsN; q++) {
      const d = linearPredictor(design, q, v);
      ll -= w[q] * log1pExp(-d) + (n[q] - w[q]) * log1pExp(d);
    }
    return ll;
  };
  const hess = new Float64Array(slots * slots);
  const grad = new Float64Array(slots);
  let ll = NaN;
  let converged = false;
  const next = new Float64Array(slots);
  for (let it = 0; it < 100 && !converged; it++) {
    accumulateDerivatives(design, beta, grad, hess, null);
    const step = solveSpd(parameterBlock(hess, design), grad.subarray(0, p), p);
    if (!step) return null;
    let largest = 0;
    for (let i = 0; i < p; i++) largest = Math.max(largest, Math.abs(step[i]));
    if (largest <= 0.25) {
      // Near the maximum (a warm start from the plain ratings): a full Newton step, no line search.
      // Newton converges quadratically: after a step this small the error left is of order its
      // square (below 1e-10 in log-odds, 4e-8 Elo points), and no further pass over the rows is needed.
      for (let i = 0; i < p; i++) beta[i] += step[i];
      ll = NaN;
      if (largest < NEWTON_LAST_STEP) converged = true;
    } else {
      if (Number.isNaN(ll)) ll = loglik(beta);
      let scaleStep = 1;
      let nextLl = -Infinity;
      for (let h = 0; h < 40; h++) {
        for (let i = 0; i < p; i++) next[i] = beta[i] + scaleStep * step[i];
        nextLl = loglik(next);
        if (nextLl >= ll - 1e-12 * Math.abs(ll)) break;
        scaleStep /= 2;
      }
      largest *= scaleStep;
      beta.set(next);
      ll = nextLl;
    }
    if (largest < 1e-7) converged = true;
  }
  if (!converged) return null;

  // Sandwich variance: H⁻¹ (Σ over prompts of g_c g_cᵀ) H⁻¹, both middle and H from one pass.
  const meatSlots = new Float64Array(slots * slots);
  accumulateDerivatives(design, beta, grad, hess, meatSlots);
  const hInv = invertSpd(parameterBlock(hess, design), p);
  if (!hInv) return null;
  const meat = parameterBlock(meatSlots, design);
  const tmp = new Float64Array(p * p);
  const cov = new Float64Array(p * p);
  for (let i = 0; i < p; i++) for (let j = 0; j < p; j++) { let s = 0; for (let l = 0; l < p; l++) s += hInv[i * p + l] * meat[l * p + j]; tmp[i * p + j] = s; }
  for (let i = 0; i < p; i++) for (let j = 0; j < p; j++) { let s = 0; for (let l = 0; l < p; l++) s += tmp[i * p + l] * hInv[l * p + j]; cov[i * p + j] = s; }

  let mean = 0;
  for (let i = 0; i < free; i++) mean += beta[i];
  mean /= k;
  const ratings = new Float64Array(k), low = new Float64Array(k), high = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    ratings[i] = RATING_MEAN + ELO_SCALE * ((i < free ? beta[i] : 0) - mean);
    // R_i is linear in the free θ: contrast c_j = ELO_SCALE · ([i = j] − 1/k).
    let variance = 0;
    for (let s = 0; s < free; s++) {
      const cs = ELO_SCALE * ((s === i ? 1 : 0) - 1 / k);
      for (let t = 0; t < free; t++) variance += cs * ELO_SCALE * ((t === i ? 1 : 0) - 1 / k) * cov[s * p + t];
    }
    const half = Z95 * Math.sqrt(Math.max(0, variance));
    low[i] = ratings[i] - half;
    high[i] = ratings[i] + half;
  }
  const coefficients = new Array<number>(features).fill(0);
  active.forEach((f, c) => (coefficients[f] = beta[free + c]));
  return { ratings, low, high, coefficients, converged };
}
