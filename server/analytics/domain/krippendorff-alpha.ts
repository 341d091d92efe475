// Krippendorff's alpha. AlphaAccumulator follows the published definition (coincidence matrix of
// pairable values, keyed by value) and is the reference the tests check the published example
// and the reports' alpha-tally.ts against. alpha = 1 - D_o / D_e.
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
