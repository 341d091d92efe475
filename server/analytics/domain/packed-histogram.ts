// A unit's histogram (judgments per point of the scale) packed into one integer: the count at
// point p times 2^(bits · p). Equal histograms have equal keys, so the reports group units and
// prompts by one number instead of a string. The fields share the 52 bits a double holds exactly;
// a histogram with a point given 2^bits times or more has no packed form, and callers key it by
// its counts spelled out.

/** Bits per point: 7 for the 7-point preference scale (at most 127 equal judgments per unit), 10 for the 5-point score. */
export const packedBits = (points: number): number => Math.floor(52 / points);

/**
 * The packed form of a histogram — `points` counts from `at` in `histogram` (all of it by default) —
 * as a key equal for equal histograms; null when a point exceeds its field.
 */
export function packHistogram(histogram: ArrayLike<number>, points = histogram.length, at = 0): number | null {
  const base = 2 ** packedBits(points);
  let packed = 0;
  for (let p = points - 1; p >= 0; p--) {
    const count = histogram[at + p] ?? 0;
    if (count >= base) return null;
    packed = packed * base + count;
  }
  return packed;
}
