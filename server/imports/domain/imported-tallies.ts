// The tallies (UnitTally, TaskTally in prisma/models.prisma) of a study that a judgment import
// creates, counted from the rows as they are written. Summed afresh from the stored judgments
// instead, a million of them took 7 s of a 22 s import, most of it sorting and joining text ids
// (docs/performance.md). Such a study holds only the import's judgments, and each is current,
// counted (not surplus, control or excluded) and has a value; its side is unknown, so left wins,
// sided non-ties and flags are all 0. The definitions are those of server/analytics/judgment-sql.ts
// (unitTallyOfJudgments, taskTallyOfJudgments); a test compares both on the same rows
// (imported-tallies.int.test.ts).

/** Points of a unit's histogram: preference −3..+3 in h0..h6, score 1..5 in h0..h4. */
export const HISTOGRAM_POINTS = 7;

/** The point of a judgment's `value`: a preference (−3..+3) in a side-by-side study, a score (1..5) in a single-sided one. */
function pointOf(sideBySide: boolean, value: number): number {
  const point = sideBySide ? value + 3 : value - 1;
  if (!Number.isInteger(point) || point < 0 || point >= (sideBySide ? 7 : 5)) throw new RangeError(`${sideBySide ? "preference" : "score"} ${value} is off the scale`);
  return point;
}

/** The sums kept of a task, by their names in TaskTally. */
export const TASK_SUMS = ["judgments", "withPreference", "ties", "answered", "minValue", "maxValue", "agreePairs", "agreeing"] as const;

/** One task's sums. */
export type TaskSums = Record<(typeof TASK_SUMS)[number], number>;

/**
 * Units are numbered by the caller (an item's number × dimensions + the dimension's), tasks by
 * their assignment's number. Two passes over the same judgments: count() every one, then task()
 * every one, since a judgment's agreement needs its unit's whole histogram.
 */
export class ImportedTallies {
  /**
   * [unit × HISTOGRAM_POINTS + point]. Counted in 16 bits (a unit's judgments are its graders',
   * rarely more than a few), and widened to 32 the first time one would pass 65,535: the arrays
   * are held beside the import's rows, at its peak of memory.
   */
  private histograms: Uint16Array | Int32Array;
  private tasks: { judgments: Uint16Array; withPreference: Uint16Array; ties: Uint16Array; minValue: Int8Array; maxValue: Int8Array; agreePairs: Int32Array; agreeing: Int32Array } | null = null;

  /** `dimensions`: at most one judgment per task and dimension, so a task's counts fit in 16 bits. */
  constructor(readonly units: number, dimensions: number) {
    if (dimensions > 0xffff) throw new RangeError(`${dimensions} dimensions: a task's counts would not fit in 16 bits`);
    this.histograms = new Uint16Array(units * HISTOGRAM_POINTS);
  }

  /** First pass: a judgment on `unit`, with `value` (see pointOf). */
  count(unit: number, sideBySide: boolean, value: number): void {
    const at = unit * HISTOGRAM_POINTS + pointOf(sideBySide, value);
    if (this.histograms[at] === 0xffff && this.histograms instanceof Uint16Array) this.histograms = Int32Array.from(this.histograms);
    this.histograms[at]++;
  }

  /** Starts the second pass, after every count(), for tasks numbered below `assignments`. */
  startTasks(assignments: number): void {
    if (this.tasks) throw new Error("the tasks are counted once");
    this.tasks = {
      judgments: new Uint16Array(assignments), withPreference: new Uint16Array(assignments), ties: new Uint16Array(assignments),
      minValue: new Int8Array(assignments), maxValue: new Int8Array(assignments), agreePairs: new Int32Array(assignments), agreeing: new Int32Array(assignments),
    };
  }

  /** Second pass: a judgment count() counted, for its task `assignment`. */
  task(assignment: number, unit: number, sideBySide: boolean, value: number): void {
    const t = this.tasks;
    if (!t) throw new Error("startTasks() first");
    if (assignment >= t.judgments.length) throw new RangeError(`assignment ${assignment} is beyond the ${t.judgments.length} the tasks were counted for`);
    const first = t.judgments[assignment]++ === 0;
    if (sideBySide) {
      t.withPreference[assignment]++;
      if (value === 0) t.ties[assignment]++;
    }
    if (first || value < t.minValue[assignment]) t.minValue[assignment] = value;
    if (first || value > t.maxValue[assignment]) t.maxValue[assignment] = value;
    // Peers on the unit other than this judgment, and those of them that agree with it: side by
    // side the same sign, single-sided a score within one point.
    const h = this.histogram(unit);
    const point = pointOf(sideBySide, value);
    const [from, to] = sideBySide ? (value < 0 ? [0, 2] : value === 0 ? [3, 3] : [4, 6]) : [Math.max(0, point - 1), Math.min(4, point + 1)];
    let agree = 0;
    for (let p = from; p <= to; p++) agree += h[p];
    t.agreePairs[assignment] += sum(h) - 1;
    t.agreeing[assignment] += agree - 1;
  }

  /** The unit's judgments per point (a view, not a copy). */
  histogram(unit: number): Uint16Array | Int32Array {
    return this.histograms.subarray(unit * HISTOGRAM_POINTS, (unit + 1) * HISTOGRAM_POINTS);
  }

  /**
   * The units with a judgment, in the order of UnitTally's covering index (UNIT_TALLY_GROUP_INDEX
   * in server/imports/repo.ts): by `head` (the unit's rank by study, dimension, models, locale,
   * category and modality), then its histogram, then `tail` (its item's rank). Written in this
   * order, the index's inserts append.
   */
  unitsInIndexOrder(head: (unit: number) => number, tail: (unit: number) => number): Uint32Array {
    const n = this.units;
    let count = 0;
    for (let u = 0; u < n; u++) if (sum(this.histogram(u)) > 0) count++;
    const out = new Uint32Array(count);
    const heads = new Float64Array(n);
    const tails = new Float64Array(n);
    count = 0;
    for (let u = 0; u < n; u++) {
      if (sum(this.histogram(u)) === 0) continue;
      out[count++] = u;
      heads[u] = head(u);
      tails[u] = tail(u);
    }
    const h = this.histograms;
    return out.sort((a, b) => {
      if (heads[a] !== heads[b]) return heads[a] - heads[b];
      for (let p = 0; p < HISTOGRAM_POINTS; p++) {
        const d = h[a * HISTOGRAM_POINTS + p] - h[b * HISTOGRAM_POINTS + p];
        if (d !== 0) return d;
      }
      return tails[a] - tails[b];
    });
  }

  /** The task's sums, or null when it has no judgment here. */
  taskSums(assignment: number): TaskSums | null {
    const t = this.tasks;
    if (!t || assignment >= t.judgments.length || t.judgments[assignment] === 0) return null;
    return {
      judgments: t.judgments[assignment], withPreference: t.withPreference[assignment], ties: t.ties[assignment],
      answered: t.judgments[assignment], minValue: t.minValue[assignment], maxValue: t.maxValue[assignment],
      agreePairs: t.agreePairs[assignment], agreeing: t.agreeing[assignment],
    };
  }

  /** How many assignments the second pass counts for (0 before it). */
  get assignments(): number {
    return this.tasks?.judgments.length ?? 0;
  }
}

function sum(h: Uint16Array | Int32Array): number {
  let s = 0;
  for (let i = 0; i < h.length; i++) s += h[i];
  return s;
}
