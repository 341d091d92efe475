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
 * their coefficients could not be told apart, and the system would be singular.
 */
function independentFeatures(rows: StyledBattles, used: Int32Array, rms: number[], total: number, features: number): number[] {
  const kept: number[] = [];
  const scale = rms.map((v) => Math.sqrt(v / total));
  // Gram–Schmidt on the battle-weighted columns: keep a feature if much of it is new.
  const basis: Float64Array[] = [];
  for (let f = 0; f < features; f++) {
    if (!(rms[f] > 0)) continue;
    const col = new Float64Array(used.length);
    for (let i = 0; i < used.length; i++) col[i] = (rows.style[used[i] * features + f] / scale[f]) * Math.sqrt(rows.battles[used[i]]);
    for (const b of basis) {
      let dot = 0;
      for (let q = 0; q < col.length; q++) dot += col[q] * b[q];
      for (let q = 0; q < col.length; q++) col[q] -= dot * b[q];
    }
    let norm = 0;
    for (let q = 0; q < col.length; q++) norm += col[q] * col[q];
    // Columns have squared norm `total` before projection; keep one with over 0.1% of it left.
    if (norm > 1e-3 * total) {
      const inv = 1 / Math.sqrt(norm);
      basis.push(col.map((v) => v * inv));
      kept.push(f);
    }
  }
  return kept;
}

/** The fit's rows as flat arrays: model positions (free parameters below `free`), wins, battles, covariates. */
interface Design {
  ia: Int32Array;
  ib: Int32Array;
  w: Float64Array;
  n: Float64Array;
  x: Float64Array;
  rows: number;
  free: number;
  features: number;
  p: number;
}

/** Row q's log-odds that a wins at v: strength of a − strength of b (the held model's is 0) + covariates. */
function linearPredictor(d: Design, q: number, v: Float64Array): number {
  const { ia, ib, x, free, features: F } = d;
  let s = (ia[q] < free ? v[ia[q]] : 0) - (ib[q] < free ? v[ib[q]] : 0);
  for (let c = 0; c < F; c++) s += v[free + c] * x[q * F + c];
  return s;
}

/**
 * Gradient and Hessian of the log-likelihood at v, written out by block: a row touches two
 * strengths (+1 for a, −1 for b, none for the held model) and the covariates, so its outer
 * product has a fixed shape. A plain function over local arrays: the hot loop of the fit.
 */
function accumulateDerivatives(d: Design, v: Float64Array, grad: Float64Array, hess: Float64Array): void {
  const { ia, ib, w, n, x, rows, free, features: F, p } = d;
  hess.fill(0);
  grad.fill(0);
  for (let q = 0; q < rows; q++) {
    const i = ia[q], j = ib[q], xo = q * F;
    const fi = i < free, fj = j < free;
    const prob = 1 / (1 + Math.exp(-linearPredictor(d, q, v)));
    const g = w[q] - n[q] * prob;
    const h = n[q] * prob * (1 - prob);
    if (fi) { grad[i] += g; hess[i * p + i] += h; }
    if (fj) { grad[j] -= g; hess[j * p + j] += h; }
    if (fi && fj) { hess[i * p + j] -= h; hess[j * p + i] -= h; }
    for (let c = 0; c < F; c++) {
      const xc = x[xo + c], col = free + c;
      grad[col] += g * xc;
      const hx = h * xc;
      if (fi) { hess[i * p + col] += hx; hess[col * p + i] += hx; }
      if (fj) { hess[j * p + col] -= hx; hess[col * p + j] -= hx; }
      for (let e = 0; e < F; e++) hess[col * p + free + e] += hx * x[xo + e];
    }
  }
}

/** `start`: the plain ratings of the core (Elo, core order), a warm start for the strengths. */
export function fitStyleControlled(rows: StyledBattles, core: number[], start?: ArrayLike<number>): StyleControlledFit | null {
  const k = core.length;
  const features = rows.features;
  const posOf = new Int32Array(Math.max(0, ...core) + 1).fill(-1);
  core.forEach((m, i) => (posOf[m] = i));
  const pos = (m: number) => (m < posOf.length ? posOf[m] : -1);
  const usedList: number[] = [];
  for (let q = 0; q < rows.a.length; q++) if (pos(rows.a[q]) >= 0 && pos(rows.b[q]) >= 0 && rows.battles[q] > 0) usedList.push(q);
  const used = Int32Array.from(usedList);
  if (k < 2 || used.length === 0) return null;
  // Covariates scaled to unit root-mean-square for a well-conditioned system (the ratings do not
  // change); a feature no battle differs in (no response has a header, say) carries no information.
  const rms = new Array<number>(features).fill(0);
  let total = 0;
  for (const q of used) {
    total += rows.battles[q];
    for (let f = 0; f < features; f++) rms[f] += rows.battles[q] * rows.style[q * features + f] ** 2;
  }
  const active = independentFeatures(rows, used, rms, total, features);
  const F = active.length;
  const rowsN = used.length;
  const free = k - 1; // the last core model's θ is held at 0
  const p = free + F;
  // Flat arrays: the design vector of a row is +1 at a, −1 at b (unless held), then its covariates.
  const ia = new Int32Array(rowsN), ib = new Int32Array(rowsN), cl = new Int32Array(rowsN);
  const w = new Float64Array(rowsN), n = new Float64Array(rowsN), x = new Float64Array(rowsN * F);
  const unit = active.map((f) => 1 / Math.sqrt(rms[f] / total));
  for (let q = 0; q < rowsN; q++) {
    const r = used[q];
    ia[q] = posOf[rows.a[r]];
    ib[q] = posOf[rows.b[r]];
    cl[q] = rows.cluster[r];
    w[q] = rows.winsA[r];
    n[q] = rows.battles[r];
    for (let c = 0; c < F; c++) x[q * F + c] = rows.style[r * features + active[c]] * unit[c];
  }
  const beta = new Float64Array(p);
  if (start) for (let i = 0; i < free; i++) beta[i] = (start[i] - start[k - 1]) / ELO_SCALE;
  const design: Design = { ia, ib, w, n, x, rows: rowsN, free, features: F, p };
  const linear = (q: number, v: Float64Array) => linearPredictor(design, q, v);
  const loglik = (v: Float64Array) => {
    let ll = 0;
    for (let q = 0; q < rowsN; q++) {
      const d = linear(q, v);
      ll -= w[q] * log1pExp(-d) + (n[q] - w[q]) * log1pExp(d);
    }
    return ll;
  };
  const hess = new Float64Array(p * p);
  const grad = new Float64Array(p);
  const accumulate = (v: Float64Array) => accumulateDerivatives(design, v, grad, hess);
  let ll = NaN;
  let converged = false;
  const next = new Float64Array(p);
  for (let it = 0; it < 100 && !converged; it++) {
    accumulate(beta);
    const step = solveSpd(hess, grad, p);
    if (!step) return null;
    let largest = 0;
    for (let i = 0; i < p; i++) largest = Math.max(largest, Math.abs(step[i]));
    if (largest <= 0.25) {
      // Near the maximum (a warm start from the plain ratings): a full Newton step, no line search.
      for (let i = 0; i < p; i++) beta[i] += step[i];
      ll = NaN;
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

  // Sandwich variance: H⁻¹ (Σ over prompts of g_c g_cᵀ) H⁻¹, each prompt's score kept sparse.
  accumulate(beta);
  const hInv = invertSpd(hess, p);
  if (!hInv) return null;
  // Rows come in prompt order (as slices are built); otherwise sort them so each prompt's rows are together.
  let ordered = true;
  for (let q = 1; q < rowsN && ordered; q++) ordered = cl[q] >= cl[q - 1];
  const order = Int32Array.from({ length: rowsN }, (_, q) => q);
  if (!ordered) order.sort((s, t) => cl[s] - cl[t]);
  const meat = new Float64Array(p * p);
  const score = new Float64Array(p);
  const touched = new Int32Array(p);
  let touchedCount = 0;
  const isTouched = new Uint8Array(p);
  for (let o = 0; o < rowsN; o++) {
    const q = order[o];
    const prob = 1 / (1 + Math.exp(-linear(q, beta)));
    const g = w[q] - n[q] * prob;
    for (let c = -2; c < F; c++) {
      const k = c === -2 ? ia[q] : c === -1 ? ib[q] : free + c;
      if (k >= free && c < 0) continue; // the held model has no parameter
      const value = c === -2 ? g : c === -1 ? -g : g * x[q * F + c];
      if (!isTouched[k]) {
        isTouched[k] = 1;
        touched[touchedCount++] = k;
      }
      score[k] += value;
    }
    if (o + 1 === rowsN || cl[order[o + 1]] !== cl[q]) {
      for (let s1 = 0; s1 < touchedCount; s1++) {
        const i = touched[s1], si = score[i];
        for (let s2 = 0; s2 < touchedCount; s2++) meat[i * p + touched[s2]] += si * score[touched[s2]];
      }
      for (let s1 = 0; s1 < touchedCount; s1++) {
        score[touched[s1]] = 0;
        isTouched[touched[s1]] = 0;
      }
      touchedCount = 0;
    }
  }
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
