// Two-sided exact binomial (sign) test of k successes in n trials against p = 0.5: the
// probability, under a fair coin, of an outcome at least as far from n/2 as the one observed.
// Computed in log space so that n in the hundreds of thousands does not underflow; the natural
// log of p stays finite where p itself is below the smallest double (10 000 of 10 000 is 2^−9999).
function logChoose(n: number, k: number, logFactorials: Float64Array): number {
  return logFactorials[n] - logFactorials[k] - logFactorials[n - k];
}

// ln i! for i = 0 … length − 1, summed in order and grown as larger n are asked for: a report asks
// for one test per dimension and slice (and the over-time view per checkpoint), each with n up to
// the study's prompts, and the table's entries are the same whichever call first summed them.
let logFactorialTable = new Float64Array(1);

function logFactorials(n: number): Float64Array {
  if (logFactorialTable.length > n) return logFactorialTable;
  const grown = new Float64Array(Math.max(n + 1, 2 * logFactorialTable.length));
  grown.set(logFactorialTable);
  for (let i = Math.max(2, logFactorialTable.length); i < grown.length; i++) grown[i] = grown[i - 1] + Math.log(i);
  logFactorialTable = grown;
  return grown;
}

/** ln p of the two-sided sign test; null without trials. */
export function signTestLogP(k: number, n: number): number | null {
  if (n <= 0) return null;
  if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError(`sign test needs 0 ≤ k ≤ n, got k=${k}, n=${n}`);
  const table = logFactorials(n);
  const tail = Math.min(k, n - k);
  const logHalfN = n * Math.log(0.5);
  // P(X ≤ tail) summed from the largest term down, relative to it, for precision.
  const max = logChoose(n, tail, table) + logHalfN;
  let sum = 0;
  for (let i = 0; i <= tail; i++) sum += Math.exp(logChoose(n, i, table) + logHalfN - max);
  return Math.min(0, Math.LN2 + max + Math.log(sum));
}

/** p of the two-sided sign test (0 where it is below the smallest double: use signTestLogP there). */
export function signTestP(k: number, n: number): number | null {
  const logP = signTestLogP(k, n);
  return logP === null ? null : Math.exp(logP);
}
