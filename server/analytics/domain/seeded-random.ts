// Reproducible randomness for the bootstrap: a seeded uniform generator (mulberry32) and the
// samplers built on it (normal, binomial, multinomial): the same seed gives the same report.
/** A uniform generator on [0, 1); `spare` holds the second normal of a Box–Muller pair. */
export type Uniform = (() => number) & { spare?: number };

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
  if (u.spare !== undefined) {
    const kept = u.spare;
    u.spare = undefined;
    return kept;
  }
  const r = Math.sqrt(-2 * Math.log(Math.max(u(), 1e-300)));
  const theta = 2 * Math.PI * u();
  u.spare = r * Math.sin(theta);
  return r * Math.cos(theta);
}

/**
 * Binomial(n, p). Below a variance of NORMAL_APPROXIMATION_VARIANCE it is drawn exactly, by
 * inversion (Kachitvichyanukul and Schmeiser's BINV), whose cost grows with n·p, which is small
 * there. At or above it the normal approximation is used: one category count of a bootstrap
 * resample then has a skewness of at most 0.32, and the resampled statistic, a weighted sum over
 * many categories, far less; bootstrap.test.ts checks the intervals against resampling prompts
 * one by one. This keeps a million-judgment report within seconds.
 */
export const NORMAL_APPROXIMATION_VARIANCE = 10;

export function binomial(n: number, p: number, u: Uniform): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(n, 1 - p, u);
  const variance = n * p * (1 - p);
  if (variance >= NORMAL_APPROXIMATION_VARIANCE) {
    return Math.min(n, Math.max(0, Math.round(n * p + Math.sqrt(variance) * normal(u))));
  }
  const q = 1 - p;
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

/** Counts of a multinomial(n, probabilities) draw, by conditional binomials (into `out` when given, to spare allocations). */
export function multinomial(n: number, probabilities: number[], u: Uniform, out: number[] = new Array<number>(probabilities.length)): number[] {
  out.fill(0);
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
