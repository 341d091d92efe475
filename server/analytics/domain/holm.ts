// Holm's step-down adjustment of several p-values tested together (Holm 1979): sorted
// ascending, the i-th smallest (1-based) of m is multiplied by m − i + 1, then made monotone by a
// running maximum, and capped at 1. Rejecting where the adjusted p is below α keeps the chance of
// any false rejection among the m at most α, under any dependence between the tests — the slices
// of one dimension overlap (all, each locale, its region …), so a method assuming independence
// would not do. Works on natural logs so that p-values below the smallest double still order.

/** Adjusted ln p for each ln p given (same order); nulls (untested slices) stay null and do not count in m. */
export function holmAdjustLog(logPs: (number | null)[]): (number | null)[] {
  const tested = logPs.map((lp, i) => ({ lp, i })).filter((x): x is { lp: number; i: number } => x.lp !== null)
    .sort((a, b) => a.lp - b.lp || a.i - b.i);
  const m = tested.length;
  const out: (number | null)[] = logPs.map(() => null);
  let running = -Infinity;
  tested.forEach(({ lp, i }, rank) => {
    running = Math.max(running, Math.min(0, lp + Math.log(m - rank)));
    out[i] = running;
  });
  return out;
}
