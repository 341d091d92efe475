// A unit's histogram (judgments per point of the scale) packed into one integer: the judgment at
// point p adds 2^(bits · p). The database then sums one expression per group instead of one
// CASE column per point — at a million judgments SQLite's grouped pass takes half the time — and
// equal histograms have equal keys. The fields share the 52 bits a double holds exactly; a point
// given 2^bits times or more in one unit carries into the next field, which unpackHistogram's
// total betrays (a carry loses 2^bits − 1 judgments), so callers compare it with the unit's count.

/** Bits per point: 7 for the 7-point preference scale (at most 127 equal judgments per unit), 10 for the 5-point score. */
export const packedBits = (points: number): number => Math.floor(52 / points);

/** Writes the histogram into `into` (points entries) and returns its total, or −1 when `packed` is not a packed histogram. */
export function unpackHistogram(packed: number, points: number, into: number[] | Float64Array): number {
  const base = 2 ** packedBits(points);
  if (!Number.isSafeInteger(packed) || packed < 0 || packed >= base ** points) return -1;
  let rest = packed;
  let total = 0;
  for (let p = 0; p < points; p++) {
    const c = rest % base;
    into[p] = c;
    total += c;
    rest = (rest - c) / base;
  }
  return total;
}

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
