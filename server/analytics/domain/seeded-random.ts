// Reproducible randomness for the bootstrap: a seeded uniform generator (mulberry32) and the
// samplers built on it (normal, gamma, beta, binomial): the same seed gives the same report.
export type Uniform = () => number;

export function mulberry32(seed: number): Uniform {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normal(u: Uniform): number {
  const r = Math.sqrt(-2 * Math.log(Math.max(u(), 1e-300)));
  return r * Math.cos(2 * Math.PI * u());
}

/** Gamma(shape, 1) by Marsaglia and Tsang (2000); shape < 1 via the boost Gamma(shape+1)·U^(1/shape). */
export function gamma(shape: number, u: Uniform): number {
  if (shape < 1) return gamma(shape + 1, u) * Math.pow(Math.max(u(), 1e-300), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(u);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const w = u();
    if (w < 1 - 0.0331 * x ** 4 || Math.log(w) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

export function beta(a: number, b: number, u: Uniform): number {
  const x = gamma(a, u);
  return x / (x + gamma(b, u));
}

/**
 * Binomial(n, p): exact for moderate variance — by inversion for small n, otherwise Knuth's
 * recursive split on the a-th order statistic of n uniforms, which is Beta(a, n + 1 - a)
 * (TAOCP 3.4.1, exercise 22). When n·p·(1−p) ≥ 1000 the normal approximation (skewness below
 * 0.032) is used instead: its error is far below a bootstrap's Monte Carlo error, and it keeps
 * reports on a million judgments fast.
 */
export const NORMAL_APPROXIMATION_VARIANCE = 1000;

export function binomial(n: number, p: number, u: Uniform): number {
  let offset = 0;
  for (;;) {
    if (n === 0 || p <= 0) return offset;
    if (p >= 1) return offset + n;
    const variance = n * p * (1 - p);
    if (variance >= NORMAL_APPROXIMATION_VARIANCE) {
      return offset + Math.min(n, Math.max(0, Math.round(n * p + Math.sqrt(variance) * normal(u))));
    }
    if (n <= 40) {
      let k = 0;
      for (let i = 0; i < n; i++) if (u() < p) k++;
      return offset + k;
    }
    const a = 1 + (n >> 1);
    const b = n + 1 - a;
    const x = beta(a, b, u);
    if (x >= p) {
      n = a - 1;
      p = p / x;
    } else {
      offset += a;
      n = b - 1;
      p = (p - x) / (1 - x);
    }
  }
}

/** Counts of a multinomial(n, probabilities) draw, by conditional binomials. */
export function multinomial(n: number, probabilities: number[], u: Uniform): number[] {
  const out = new Array<number>(probabilities.length).fill(0);
  let left = n;
  let mass = 1;
  for (let i = 0; i < probabilities.length && left > 0; i++) {
    const p = i === probabilities.length - 1 ? 1 : Math.min(1, probabilities[i] / mass);
    out[i] = binomial(left, p, u);
    left -= out[i];
    mass -= probabilities[i];
  }
  return out;
}

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
