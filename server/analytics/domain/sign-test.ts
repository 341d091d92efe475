// Two-sided exact binomial (sign) test of k successes in n trials against p = 0.5: the
// probability, under a fair coin, of an outcome at least as far from n/2 as the one observed.
// Computed in log space so that n in the hundreds of thousands does not underflow; the natural
// log of p stays finite where p itself is below the smallest double (10 000 of 10 000 is 2^−9999).
function logChoose(n: number, k: number, logFactorials: Float64Array): number {
  return logFactorials[n] - logFactorials[k] - logFactorials[n - k];
}

/** ln p of the two-sided sign test; null without trials. */
export function signTestLogP(k: number, n: number): number | null {
  if (n <= 0) return null;
  if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError(`sign test needs 0 ≤ k ≤ n, got k=${k}, n=${n}`);
  const logFactorials = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) logFactorials[i] = logFactorials[i - 1] + Math.log(i);
  const tail = Math.min(k, n - k);
  const logHalfN = n * Math.log(0.5);
  // P(X ≤ tail) summed from the largest term down, relative to it, for precision.
  const terms: number[] = [];
  for (let i = 0; i <= tail; i++) terms.push(logChoose(n, i, logFactorials) + logHalfN);
  const max = terms[terms.length - 1];
  const sum = terms.reduce((s, t) => s + Math.exp(t - max), 0);
  return Math.min(0, Math.LN2 + max + Math.log(sum));
}

/** p of the two-sided sign test (0 where it is below the smallest double: use signTestLogP there). */
export function signTestP(k: number, n: number): number | null {
  const logP = signTestLogP(k, n);
  return logP === null ? null : Math.exp(logP);
}
