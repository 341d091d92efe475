// Krippendorff's alpha. AlphaAccumulator follows the published definition (coincidence matrix of
// pairable values, any metric) and is the reference the tests check the published example with;
// reports use IntervalAlphaMoments below, the interval metric from per-unit sums that one SQL
// GROUP BY provides, which the tests show to be equal. alpha = 1 - D_o / D_e.
export type Metric = "interval" | "nominal";

const DELTA2: Record<Metric, (a: number, b: number) => number> = {
  interval: (a, b) => (a - b) ** 2,
  nominal: (a, b) => (a === b ? 0 : 1),
};

/** Accumulates units one at a time; `result()` gives alpha, or null when it is undefined. */
export class AlphaAccumulator {
  // coincidences[c][k], keyed by value
  private readonly coincidences = new Map<number, Map<number, number>>();
  private pairableUnits = 0;

  constructor(private readonly metric: Metric = "interval") {}

  /** `counts`: how many graders gave each value on this unit. */
  addUnit(counts: Map<number, number>): void {
    let m = 0;
    for (const c of counts.values()) m += c;
    if (m < 2) return;
    this.pairableUnits++;
    for (const [c, nc] of counts) {
      for (const [k, nk] of counts) {
        const pairs = c === k ? nc * (nc - 1) : nc * nk;
        if (pairs === 0) continue;
        const row = this.coincidences.get(c) ?? new Map<number, number>();
        row.set(k, (row.get(k) ?? 0) + pairs / (m - 1));
        this.coincidences.set(c, row);
      }
    }
  }

  addValues(values: number[]): void {
    const counts = new Map<number, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    this.addUnit(counts);
  }

  get units(): number {
    return this.pairableUnits;
  }

  result(): number | null {
    const delta = DELTA2[this.metric];
    const marginals = new Map<number, number>();
    let n = 0;
    let observed = 0;
    for (const [c, row] of this.coincidences) {
      for (const [k, o] of row) {
        marginals.set(c, (marginals.get(c) ?? 0) + o);
        n += o;
        observed += o * delta(c, k);
      }
    }
    if (n <= 1) return null;
    let expected = 0;
    // delta(c, c) = 0 for both metrics, so the diagonal's n_c(n_c - 1) term never contributes.
    for (const [c, nc] of marginals) for (const [k, nk] of marginals) expected += nc * nk * delta(c, k);
    expected /= n - 1;
    if (expected === 0) return null; // every value identical: agreement is undefined, not perfect
    return 1 - observed / expected;
  }
}

export function krippendorffAlpha(units: number[][], metric: Metric = "interval"): number | null {
  const acc = new AlphaAccumulator(metric);
  for (const u of units) acc.addValues(u);
  return acc.result();
}

/** One unit's moments: number of values, their sum and their sum of squares. */
export interface UnitMoments {
  m: number;
  s1: number;
  s2: number;
}

/**
 * Interval alpha from per-unit moments alone, which a database can compute in one GROUP BY:
 * within a unit, the sum over ordered pairs of (v_i - v_j)^2 is 2(m·S2 - S1^2).
 */
export function intervalAlphaFromMoments(units: Iterable<UnitMoments>): { alpha: number | null; units: number } {
  const acc = new IntervalAlphaMoments();
  for (const u of units) acc.add(u.m, u.s1, u.s2);
  return acc.result();
}

/** The same, accumulated unit by unit without keeping the units (reports add hundreds of thousands). */
export class IntervalAlphaMoments {
  private n = 0;
  private s1 = 0;
  private s2 = 0;
  private observed = 0;
  private count = 0;

  /** Moments summed elsewhere (e.g. by SQL over the same units): the same fields add() accumulates. */
  static fromSums(sums: { units: number; n: number; s1: number; s2: number; observed: number }): IntervalAlphaMoments {
    const m = new IntervalAlphaMoments();
    m.count = sums.units;
    m.n = sums.n;
    m.s1 = sums.s1;
    m.s2 = sums.s2;
    m.observed = sums.observed;
    return m;
  }

  add(m: number, s1: number, s2: number): void {
    if (m < 2) return;
    this.count++;
    this.n += m;
    this.s1 += s1;
    this.s2 += s2;
    this.observed += (2 * (m * s2 - s1 * s1)) / (m - 1);
  }

  result(): { alpha: number | null; units: number } {
    if (this.n <= 1) return { alpha: null, units: this.count };
    const expected = 2 * (this.n * this.s2 - this.s1 * this.s1);
    if (expected <= 0) return { alpha: null, units: this.count };
    return { alpha: 1 - ((this.n - 1) * this.observed) / expected, units: this.count };
  }
}
