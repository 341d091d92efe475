// Latency summaries for benchmark output.

/** The median of timings (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i];
}

export interface LatencySummary {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export function summarise(latenciesMs: number[], seconds: number): LatencySummary {
  const s = [...latenciesMs].sort((a, b) => a - b);
  return { count: s.length, perSecond: s.length / seconds, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}
