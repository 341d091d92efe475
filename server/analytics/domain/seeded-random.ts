// Reproducible randomness for the bootstrap: a seeded uniform generator (mulberry32) and the exact
// binomial and Poisson samplers resample-counts.ts builds its multinomial draws on: the same seed
// gives the same report.
/**
 * A uniform generator on [0, 1). `fill`, where a generator has it, writes the next `count`
 * uniforms into `out` (the same values as `count` calls): a bootstrap that takes one uniform per
 * outcome type asks for them all at once.
 */
export type Uniform = (() => number) & { fill?: (out: Float64Array, count: number) => void };

/** The next `count` uniforms of `u` into `out`, in batch where `u` can. */
export function fillUniforms(u: Uniform, out: Float64Array, count: number): void {
  if (u.fill) u.fill(out, count);
  else for (let i = 0; i < count; i++) out[i] = u();
}

// 2⁻³², exactly: multiplying by it gives the same value as dividing by 2³².
const TWO_TO_MINUS_32 = 1 / 4294967296;

export function mulberry32(seed: number): Uniform {
  // The state lives in a typed array: a 32-bit value kept in a closure variable is boxed as a heap
  // number on every call (it does not fit a small integer), which made each draw allocate.
  const state = Int32Array.of(seed | 0);
  const next = () => {
    let t = (state[0] = (state[0] + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // The same steps with the state in a local for the whole batch (no load and store per value).
  const fill = (out: Float64Array, count: number) => {
    let s = state[0];
    for (let i = 0; i < count; i++) {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), s | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      out[i] = ((t ^ (t >>> 14)) >>> 0) * TWO_TO_MINUS_32;
    }
    state[0] = s;
  };
  return Object.assign(next, { fill });
}

const LOG_GAMMA_SERIES = [8.333333333333333e-2, -2.777777777777778e-3, 7.936507936507937e-4, -5.952380952380952e-4,
  8.417508417508418e-4, -1.917526917526918e-3, 6.41025641025641e-3, -2.955065359477124e-2, 1.796443723688307e-1, -1.3924322169059];

/** ln Γ(x) for x ≥ 1 (Stirling's series, shifted up to 7 for small x; as in NumPy's random_loggam). */
export function logGamma(x: number): number {
  if (x === 1 || x === 2) return 0;
  const shift = x < 7 ? Math.floor(7 - x) : 0;
  let x0 = x + shift;
  const x2 = 1 / (x0 * x0);
  let series = LOG_GAMMA_SERIES[9];
  for (let k = 8; k >= 0; k--) series = series * x2 + LOG_GAMMA_SERIES[k];
  let value = series / x0 + 0.5 * Math.log(2 * Math.PI) + (x0 - 0.5) * Math.log(x0) - x0;
  for (let s = 0; s < shift; s++) {
    value -= Math.log(x0 - 1);
    x0 -= 1;
  }
  return value;
}

/** Whole numbers whose ln k! is cached (8 MB at most); larger ones are computed each time. */
const LOG_FACTORIAL_CACHE_LIMIT = 1 << 20;
let logFactorials = new Float64Array(0);

/**
 * ln k! = ln Γ(k + 1) for k ≥ 0. The rejection samplers below ask for the same values millions of
 * times in a report's bootstrap, at about 25 ns each through logGamma's series; cached, a whole
 * k's value is a lookup. The cache holds logGamma(k + 1) itself, so every draw decides exactly as
 * it would with logGamma. It grows to the next power of two past the largest k asked for; a k that
 * is not whole (counts that are not) goes to logGamma.
 */
export function logFactorial(k: number): number {
  if (k < logFactorials.length && Number.isInteger(k)) return logFactorials[k];
  if (k >= LOG_FACTORIAL_CACHE_LIMIT || !Number.isInteger(k)) return logGamma(k + 1);
  let size = 1024;
  while (size <= k) size *= 2;
  const grown = new Float64Array(size);
  grown.set(logFactorials);
  for (let i = logFactorials.length; i < size; i++) grown[i] = logGamma(i + 1);
  logFactorials = grown;
  return grown[k];
}

/** Below this n·min(p, 1 − p) a binomial is drawn by inversion, at or above it by transformed rejection. */
const BINOMIAL_INVERSION_MEAN = 10;

/**
 * Binomial(n, p), exactly. Small means by inversion (Kachitvichyanukul and Schmeiser's BINV,
 * cost growing with n·p); larger ones by Hörmann's transformed rejection with squeeze (BTRS,
 * 1993), about 1.2 pairs of uniforms per draw whatever n.
 */
export function binomial(n: number, p: number, u: Uniform): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(n, 1 - p, u);
  const q = 1 - p;
  if (n * p < BINOMIAL_INVERSION_MEAN) {
    const s = p / q;
    const a = (n + 1) * s;
    for (;;) {
      let r = Math.pow(q, n);
      let v = u();
      let x = 0;
      while (v > r) {
        v -= r;
        x++;
        if (x > n) break; // rounding left a sliver above the total mass: draw again
        r *= a / x - s;
      }
      if (x <= n) return x;
    }
  }
  const spq = Math.sqrt(n * p * q);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const alpha = (2.83 + 5.1 / b) * spq;
  const m = Math.floor((n + 1) * p);
  let logModeMass = NaN; // ln(m! (n − m)!), computed the first time the squeeze does not decide
  for (;;) {
    const U = u() - 0.5;
    const V = u();
    const us = 0.5 - Math.abs(U);
    const k = Math.floor(((2 * a) / us + b) * U + c);
    if (k < 0 || k > n) continue;
    if (us >= 0.07 && V <= vr) return k;
    if (Number.isNaN(logModeMass)) logModeMass = logFactorial(m) + logFactorial(n - m);
    // accept when V·α/(a/us² + b) ≤ f(k)/f(m), f the binomial mass
    if (Math.log((V * alpha) / (a / (us * us) + b)) <= logModeMass - logFactorial(k) - logFactorial(n - k) + (k - m) * Math.log(p / q)) return k;
  }
}

/** The constants of PTRS for one mean (poissonRejection), computed once when many draws share the mean. */
export const PTRS_CONSTANTS = 6;
export function ptrsConstants(mean: number, into = new Float64Array(PTRS_CONSTANTS), at = 0): Float64Array {
  const b = 0.931 + 2.53 * Math.sqrt(mean);
  const a = -0.059 + 0.02483 * b;
  into.set([mean, Math.log(mean), b, a, Math.log(1.1239 + 1.1328 / (b - 3.4)), 0.9277 - 3.6224 / (b - 2)], at);
  return into;
}

/**
 * Poisson(mean) for means of 10 and more, exactly: Hörmann's transformed rejection with squeeze
 * (PTRS, 1993), as NumPy draws them; about 1.1 pairs of uniforms per draw whatever the mean.
 * `constants[at ..]` from ptrsConstants(mean).
 */
export function poissonRejection(constants: Float64Array, at: number, u: Uniform): number {
  const mean = constants[at], logMean = constants[at + 1], b = constants[at + 2], a = constants[at + 3];
  const logInvAlpha = constants[at + 4], vr = constants[at + 5];
  for (;;) {
    const U = u() - 0.5;
    const V = u();
    const us = 0.5 - Math.abs(U);
    const k = Math.floor(((2 * a) / us + b) * U + mean + 0.43);
    if (us >= 0.07 && V <= vr) return k;
    if (k < 0 || (us < 0.013 && V > us)) continue;
    if (Math.log(V) + logInvAlpha - Math.log(a / (us * us) + b) <= -mean + k * logMean - logFactorial(k)) return k;
  }
}

export const poissonLarge = (mean: number, u: Uniform): number => poissonRejection(ptrsConstants(mean), 0, u);

/** A per-statistic seed from the report's seed and the statistic's name, so intervals do not depend on computation order. */
export function deriveSeed(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
