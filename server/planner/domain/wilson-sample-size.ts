// How many units a proportion needs for its 95% Wilson interval to be no wider than ±h. The
// half-width at n units and observed proportion p is
//   z / (1 + z²/n) · √(p(1 − p)/n + z²/(4n²))
// (wilsonHalfWidth, the report's own formula), which falls as n grows; the smallest n that reaches
// h is found by doubling and bisection, so the answer is exact for the interval the report prints rather than the normal approximation's
// z²p(1 − p)/h² (which it approaches for large n).
import { Z95, wilsonHalfWidth, wilsonInterval } from "../../analytics/domain/wilson-interval";

/** Half the width of the interval the report prints for k of n (clipped to [0, 1] as the report's is). */
export function reportedHalfWidth(k: number, n: number): number | null {
  const ci = wilsonInterval(k, n);
  return ci ? (ci.high - ci.low) / 2 : null;
}

/** The smallest n with wilsonHalfWidth(p, n) ≤ h. */
export function unitsForHalfWidth(p: number, h: number, z = Z95): number {
  if (!(h > 0)) throw new RangeError(`the target half-width must be positive, got ${h}`);
  if (p < 0 || p > 1) throw new RangeError(`a proportion lies in [0, 1], got ${p}`);
  let hi = 1;
  while (wilsonHalfWidth(p, hi, z) > h) hi *= 2;
  let lo = Math.floor(hi / 2);
  // wilsonHalfWidth(p, lo) > h (or lo = 0), wilsonHalfWidth(p, hi) ≤ h
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wilsonHalfWidth(p, mid, z) > h) lo = mid;
    else hi = mid;
  }
  return hi;
}
