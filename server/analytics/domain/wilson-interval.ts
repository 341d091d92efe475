// The Wilson score interval for a binomial proportion: well-behaved near 0 and 1 and for small
// n, unlike the normal ("Wald") interval.
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Half the width of the Wilson interval at observed proportion p over n units (before clipping to [0, 1]). */
export function wilsonHalfWidth(p: number, n: number, z = Z95): number {
  if (n <= 0) return Infinity;
  const z2 = z * z;
  return (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
}

export function wilsonInterval(successes: number, n: number, z = Z95): Interval | null {
  if (n <= 0) return null;
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = wilsonHalfWidth(p, n, z);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
