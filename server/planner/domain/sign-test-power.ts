// Power of the two-sided sign test of "A preferred as often as B" (p = 0.5) when A is truly
// preferred on a share 0.5 + δ of decisive prompts, and the decisive prompts that power needs.
// Sample size by the normal approximation (Fleiss, Levin & Paik, ch. 2):
//   n = ((z_{1−α/2} · √(p0 q0) + z_{power} · √(p1 q1)) / δ)²,  p0 = 0.5, p1 = 0.5 + δ;
// the exact power of the exact test at that n is computed too, so the answer can be checked
// against what the report's test will actually do.
import { Z95 } from "../../analytics/domain/wilson-interval";

/** Standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`a probability strictly between 0 and 1 is needed, got ${p}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lowTail = 0.02425;
  if (p < lowTail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - lowTail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** Standard normal distribution function (Abramowitz & Stegun 7.1.26 via erf, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** z of a two-sided test at level alpha (the report's own 1.96… at 0.05). */
const twoSidedZ = (alpha: number) => (alpha === 0.05 ? Z95 : normalQuantile(1 - alpha / 2));

function checkDelta(delta: number): void {
  if (!(delta > 0 && delta < 0.5)) throw new RangeError(`the difference from 50% must lie strictly between 0 and 0.5, got ${delta}`);
}

/** Decisive prompts the sign test needs to detect a decisive rate of 0.5 + δ with this power (two-sided α). */
export function decisivePromptsForPower(delta: number, power: number, alpha = 0.05): number {
  checkDelta(delta);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must lie strictly between 0 and 1, got ${power}`);
  const za = twoSidedZ(alpha);
  const zb = normalQuantile(power);
  const p1 = 0.5 + delta;
  return Math.ceil(((za * 0.5 + zb * Math.sqrt(p1 * (1 - p1))) / delta) ** 2);
}

/** Approximate power at n decisive prompts (the same normal approximation). */
export function approximatePower(n: number, delta: number, alpha = 0.05): number {
  checkDelta(delta);
  if (n <= 0) return 0;
  const za = twoSidedZ(alpha);
  const p1 = 0.5 + delta;
  return normalCdf((delta * Math.sqrt(n) - za * 0.5) / Math.sqrt(p1 * (1 - p1)));
}

/**
 * Exact power of the exact two-sided sign test at n decisive prompts: the probability under
 * p1 = 0.5 + δ of a count k whose two-sided p-value (2 · P0(X ≥ max(k, n − k))) is at most α.
 */
export function exactSignTestPower(n: number, delta: number, alpha = 0.05): number {
  checkDelta(delta);
  const logF = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) logF[i] = logF[i - 1] + Math.log(i);
  const logPmf = (k: number, p: number) => logF[n] - logF[k] - logF[n - k] + k * Math.log(p) + (n - k) * Math.log(1 - p);
  // Upper tail under p0 from the top down: the smallest k whose two-sided p-value is ≤ α.
  let tail = 0;
  let critical = n + 1;
  for (let k = n; k > n / 2; k--) {
    tail += Math.exp(logPmf(k, 0.5));
    if (2 * tail <= alpha) critical = k;
    else break;
  }
  const p1 = 0.5 + delta;
  let power = 0;
  for (let k = critical; k <= n; k++) power += Math.exp(logPmf(k, p1));
  for (let k = 0; k <= n - critical; k++) power += Math.exp(logPmf(k, p1)); // the lower tail, symmetric under p0
  return power;
}
