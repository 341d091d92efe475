// How many times each unit type is drawn when n units are resampled with replacement: an exact
// multinomial(n, count/n) draw over the types, at a cost that grows with the number of types
// rather than the number of units. Every bootstrap in the reports and the leaderboard draws its
// resamples here, in whichever of three exact ways costs least for its shape (cheapestWay).
//
// The method ("Poisson, then correct"): draw each type's count as an independent Poisson with mean
// proportional to its count, from tables fixed for the whole bootstrap. Whatever the scale of the
// means, given their total S the counts are a multinomial(S, count/n) draw, as if S units had been
// drawn one by one. The means are scaled to n − 3√n, so that S is almost always below n, and the
// n − S missing units are then drawn one by one; in the rare case S > n, S − n of the drawn units,
// a uniformly random subset, are taken away (a uniform subset of independent draws is itself
// independent draws). Either way the result is an exact multinomial(n, count/n) draw.
// With few units per type (fewer units than types), drawing the units one by one is cheaper; with
// few types of many units each (a mean's dozen distinct prompt means over tens of thousands of
// prompts), the correction's 3√n units drawn one by one outweigh the types, and conditional
// binomials (each drawn exactly in constant time) are cheaper.
import { PTRS_CONSTANTS, binomial, fillUniforms, poissonRejection, ptrsConstants, type Uniform } from "./seeded-random";

/** Poisson means up to this are drawn from a precomputed table; larger ones by transformed rejection. */
const TABLE_MEAN = 40;
/** The Poisson total falls short of n by about this many standard deviations (it exceeds n 0.13% of the time). */
const SHORTFALL_SD = 3;

/** Units drawn one by one take their uniforms in batches of this many. */
const UNIT_BATCH = 1024;

/** Guide entries per table entry: with four, a draw's search nearly always ends at its first comparison. */
const GUIDE_PER_ENTRY = 4;

/** Inversion table of Poisson(mean) with a guide (entry g: the least k with cdf[k] > g/size). */
function poissonTable(mean: number): { cdf: number[]; guide: number[] } {
  const cdf: number[] = [];
  let p = Math.exp(-mean);
  let total = 0;
  // Until the remaining mass is below what a 32-bit uniform can reach.
  for (let k = 0; total < 1 - 2 ** -40 || k <= mean; k++) {
    total += p;
    cdf.push(total);
    p *= mean / (k + 1);
  }
  cdf[cdf.length - 1] = 1;
  const guide: number[] = [];
  const size = GUIDE_PER_ENTRY * cdf.length;
  let k = 0;
  for (let g = 0; g < size; g++) {
    while (cdf[k] <= g / size) k++;
    guide.push(k);
  }
  return { cdf, guide };
}

/** How a resample is drawn: unit by unit, Poisson then correct, or conditional binomials. */
export type Way = "units" | "poisson" | "binomials";

/** Relative costs per draw, measured (bench/resample-ways.ts): a unit drawn one by one, a type's Poisson from its table, a type's binomial. */
const UNIT_COST = 1;
const TABLE_COST = 2;
const BINOMIAL_COST = 15;

function cheapestWay(n: number, types: number, shortfallSd: number): Way {
  const costs: [Way, number][] = [
    ["units", n * UNIT_COST],
    ["poisson", types * TABLE_COST + shortfallSd * Math.sqrt(n) * UNIT_COST],
    ["binomials", types * BINOMIAL_COST],
  ];
  return costs.reduce((best, c) => (c[1] < best[1] ? c : best))[0];
}

/** Units listed by type in runs: the first counts[0] of type 0, then counts[1] of type 1, … */
function unitsInRuns(counts: ArrayLike<number>, n: number): Int32Array {
  const typeOfUnit = new Int32Array(n);
  for (let t = 0, first = 0; t < counts.length; first += counts[t], t++) typeOfUnit.fill(t, first, first + counts[t]);
  return typeOfUnit;
}

export class ResampleCounts {
  /** units in all */
  readonly n: number;
  private readonly types: number;
  private readonly typeOfUnit: Int32Array;
  private readonly way: Way;
  /** binomials: type t's share of the units of types t and after */
  private readonly conditional: Float64Array;
  // Tables of every distinct small mean, concatenated: a type's table starts at tableAt[t] in
  // `cdf`, its guide (positions in `cdf`) at guideAt[t] with guideSize[t] entries (constructor
  // locals, kept per table in the groups below). tableAt[t] = −1:
  // the type's mean is large, and its rejection constants are at ptrsAt[t] in `ptrs`.
  private readonly cdf: Float64Array;
  private readonly guide: Int32Array;
  // The types drawn from tables, grouped by table (the tables in use stay in cache), and those drawn
  // by rejection, in type order (they take uniforms after the tables' ones, in that order).
  private readonly tableTypes: Int32Array;
  /** tableTypes of one table are tableTypes[groupStart[g]] .. [groupStart[g+1]−1], that table's start in `cdf` and `guide` and guide size at [g] */
  private readonly groupStart: Int32Array;
  private readonly groupTable: Int32Array;
  private readonly groupGuide: Int32Array;
  private readonly groupGuideSize: Int32Array;
  private readonly rejectionTypes: Int32Array;
  private readonly ptrsAt: Int32Array;
  private readonly ptrs: Float64Array;
  private readonly prefix: Float64Array;
  private readonly uniforms: Float64Array;
  /** uniforms for units drawn one by one, taken in batches of its length */
  private readonly unitUniforms: Float64Array;

  /**
   * `counts[t]`: units of type t (whole numbers); `typeOfUnit[i]`: the type of unit i, for draws
   * made unit by unit, or null for units listed by type in runs (the first counts[0] of type 0, and
   * so on), made only when a way of drawing needs them. `method` forces one way of drawing and
   * `shortfallSd` sets the scale of the means (tests exercise every way and both corrections;
   * every choice is exact).
   */
  constructor(counts: ArrayLike<number>, typeOfUnit: Int32Array | null, options: { method?: "auto" | Way; shortfallSd?: number } = {}) {
    const { method = "auto", shortfallSd = SHORTFALL_SD } = options;
    let sum = 0;
    for (let t = 0; t < counts.length; t++) sum += counts[t];
    if (typeOfUnit && sum !== typeOfUnit.length) throw new Error(`type counts add up to ${sum}, not the ${typeOfUnit.length} units`);
    this.n = sum;
    this.types = counts.length;
    const types = this.types;
    this.way = method === "auto" ? cheapestWay(this.n, types, shortfallSd) : method;
    // Conditional binomials never draw a unit by itself: the list is not needed.
    this.typeOfUnit = typeOfUnit ?? (this.way === "binomials" ? new Int32Array(0) : unitsInRuns(counts, sum));
    this.conditional = new Float64Array(this.way === "binomials" ? types : 0);
    for (let t = types - 1, rest = 0; t >= 0 && this.way === "binomials"; t--) {
      rest += counts[t];
      this.conditional[t] = rest === 0 ? 0 : counts[t] / rest;
    }
    const scale = Math.max(0, 1 - shortfallSd / Math.sqrt(this.n));
    const tableAt = new Int32Array(types).fill(-1);
    const guideAt = new Int32Array(types);
    const guideSize = new Int32Array(types);
    this.ptrsAt = new Int32Array(types).fill(-1);
    this.prefix = new Float64Array(types + 1);
    this.uniforms = new Float64Array(types);
    this.unitUniforms = new Float64Array(this.way === "binomials" ? 0 : UNIT_BATCH);
    const cdf: number[] = [], guide: number[] = [];
    const ptrs: number[] = [];
    const tableOfCount = new Map<number, [number, number, number]>();
    const ptrsOfCount = new Map<number, number>();
    for (let t = 0; t < types && this.way === "poisson"; t++) {
      const c = counts[t];
      const mean = c * scale;
      if (mean > TABLE_MEAN) {
        let at = ptrsOfCount.get(c);
        if (at === undefined) {
          at = ptrs.length;
          ptrs.push(...ptrsConstants(mean));
          ptrsOfCount.set(c, at);
        }
        this.ptrsAt[t] = at;
        continue;
      }
      let table = tableOfCount.get(c);
      if (table === undefined) {
        const made = poissonTable(mean);
        table = [cdf.length, guide.length, made.guide.length];
        cdf.push(...made.cdf);
        // guide entries are positions in `cdf`
        for (const k of made.guide) guide.push(table[0] + k);
        tableOfCount.set(c, table);
      }
      [tableAt[t], guideAt[t], guideSize[t]] = table;
    }
    const tableTypes: number[] = [], rejectionTypes: number[] = [];
    for (let t = 0; t < types && this.way === "poisson"; t++) (tableAt[t] >= 0 ? tableTypes : rejectionTypes).push(t);
    tableTypes.sort((x, y) => tableAt[x] - tableAt[y] || x - y);
    this.tableTypes = Int32Array.from(tableTypes);
    const starts: number[] = [];
    for (let q = 0; q < tableTypes.length; q++) if (q === 0 || tableAt[tableTypes[q]] !== tableAt[tableTypes[q - 1]]) starts.push(q);
    this.groupStart = Int32Array.from([...starts, tableTypes.length]);
    this.groupTable = Int32Array.from(starts, (q) => tableAt[tableTypes[q]]);
    this.groupGuide = Int32Array.from(starts, (q) => guideAt[tableTypes[q]]);
    this.groupGuideSize = Int32Array.from(starts, (q) => guideSize[tableTypes[q]]);
    this.rejectionTypes = Int32Array.from(rejectionTypes);
    this.cdf = Float64Array.from(cdf);
    this.guide = Int32Array.from(guide);
    this.ptrs = Float64Array.from(ptrs);
    if (this.ptrs.length % PTRS_CONSTANTS !== 0) throw new Error("rejection constants misaligned");
  }

  /**
   * A resampler over units listed by type in runs (the first counts[0] units of type 0, and so
   * on): for units known only by how many share each value, as the bootstrap intervals hold them.
   */
  static ofCounts(counts: ArrayLike<number>, method: "auto" | Way = "auto"): ResampleCounts {
    return new ResampleCounts(counts, null, { method });
  }

  /** How this resampler draws (the benchmark reports auto's choice). */
  get wayOfDrawing(): Way {
    return this.way;
  }

  /** One resample: `out[t]` is how many of the n drawn units are of type t (`out` is overwritten). */
  draw(u: Uniform, out: Int32Array): Int32Array {
    const { n, types, cdf, guide, ptrsAt, ptrs, tableTypes, rejectionTypes } = this;
    if (this.way === "units") {
      out.fill(0);
      this.addUnits(out, n, u);
      return out;
    }
    if (this.way === "binomials") {
      const conditional = this.conditional;
      let left = n;
      for (let t = 0; t < types; t++) {
        const x = left > 0 ? binomial(left, conditional[t], u) : 0;
        out[t] = x;
        left -= x;
      }
      return out;
    }
    // Type t's table draw inverts the t-th uniform; rejection draws then take theirs in type order.
    // The order of the loops below changes nothing in what is drawn.
    const uniforms = this.uniforms;
    fillUniforms(u, uniforms, types);
    let total = 0;
    // Table by table: a table's start, guide and guide size are loaded once for all its types.
    const { groupStart, groupTable, groupGuide, groupGuideSize } = this;
    for (let g = 0; g + 1 < groupStart.length; g++) {
      const table = groupTable[g], guideStart = groupGuide[g], size = groupGuideSize[g];
      for (let q = groupStart[g], end = groupStart[g + 1]; q < end; q++) {
        const t = tableTypes[q];
        const v = uniforms[t];
        let k = guide[guideStart + Math.floor(v * size)];
        while (cdf[k] <= v) k++;
        const x = k - table;
        out[t] = x;
        total += x;
      }
    }
    for (let q = 0; q < rejectionTypes.length; q++) {
      const t = rejectionTypes[q];
      const x = poissonRejection(ptrs, ptrsAt[t], u);
      out[t] = x;
      total += x;
    }
    if (total < n) this.addUnits(out, n - total, u);
    if (total > n) this.removeUniformly(out, total, total - n, u);
    return out;
  }

  /**
   * Adds `count` units drawn one by one (each a uniform position among the n units). The uniforms
   * come in batches, the same values in the same order as one call each (fillUniforms): no call
   * of the generator per unit.
   */
  private addUnits(out: Int32Array, count: number, u: Uniform): void {
    const { n, typeOfUnit, unitUniforms } = this;
    for (let left = count; left > 0; left -= unitUniforms.length) {
      const batch = Math.min(left, unitUniforms.length);
      fillUniforms(u, unitUniforms, batch);
      for (let i = 0; i < batch; i++) out[typeOfUnit[Math.floor(unitUniforms[i] * n)]]++;
    }
  }

  /** Removes `remove` of the `total` drawn units, a uniformly random subset (Floyd's sampling of positions). */
  private removeUniformly(out: Int32Array, total: number, remove: number, u: Uniform): void {
    const chosen = new Set<number>();
    for (let j = total - remove; j < total; j++) {
      const position = Math.floor(u() * (j + 1));
      chosen.add(chosen.has(position) ? j : position);
    }
    const positions = Float64Array.from(chosen).sort();
    // Position p belongs to the type whose run of drawn units [prefix[t], prefix[t+1]) holds it.
    const prefix = this.prefix;
    for (let t = 0; t < out.length; t++) prefix[t + 1] = prefix[t] + out[t];
    let t = 0;
    for (const p of positions) {
      while (prefix[t + 1] <= p) t++;
      out[t]--;
    }
  }
}
