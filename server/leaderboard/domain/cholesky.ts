// Symmetric positive-definite systems for the Newton steps of the fits: a Cholesky factor that a
// bootstrap can reuse across resamples, and solves with it.

/** The lower-triangular L with A = L Lᵀ (row-major, n × n), or null when A is not positive definite. */
export function choleskyFactor(a: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(a);
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let d = l[rj + j];
    for (let k = 0; k < j; k++) d -= l[rj + k] * l[rj + k];
    if (!(d > 1e-300)) return null;
    const djj = Math.sqrt(d);
    l[rj + j] = djj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      let s = l[ri + j];
      for (let k = 0; k < j; k++) s -= l[ri + k] * l[rj + k];
      l[ri + j] = s / djj;
    }
  }
  return l;
}

/** Solves L Lᵀ x = b into `x` (which may be `b`). */
export function solveWithFactor(l: Float64Array, b: Float64Array, n: number, x: Float64Array = new Float64Array(n)): Float64Array {
  if (x !== b) x.set(b);
  for (let i = 0; i < n; i++) {
    let s = x[i];
    const ri = i * n;
    for (let k = 0; k < i; k++) s -= l[ri + k] * x[k];
    x[i] = s / l[ri + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * x[k];
    x[i] = s / l[i * n + i];
  }
  return x;
}

export function solveSpd(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const l = choleskyFactor(a, n);
  return l && solveWithFactor(l, b, n);
}

/** The inverse of a symmetric positive-definite matrix, column by column (small n only). */
export function invertSpd(a: Float64Array, n: number): Float64Array | null {
  const l = choleskyFactor(a, n);
  if (!l) return null;
  const inv = new Float64Array(n * n);
  for (let c = 0; c < n; c++) {
    const e = new Float64Array(n);
    e[c] = 1;
    const col = solveWithFactor(l, e, n);
    for (let r = 0; r < n; r++) inv[r * n + c] = col[r];
  }
  return inv;
}
