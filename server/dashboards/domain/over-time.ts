// A study's headline as judgments accumulate: the report's own row builder run on the judgments
// counted up to each of a few checkpoints, so a stable result shows as flat lines narrowing.

/** Judgment counts to evaluate at: `points` evenly spaced counts ending at the total (fewer for small studies). */
export function checkpoints(total: number, points: number): number[] {
  if (total <= 0) return [];
  const out: number[] = [];
  for (let i = 1; i <= points; i++) {
    const c = Math.ceil((total * i) / points);
    if (c > 0 && c !== out[out.length - 1]) out.push(c);
  }
  return out;
}

export interface Timed {
  at: number;
}

/**
 * Walks judgments in submission order, folding each into its unit (`keyOf` → `start`/`add`), and
 * calls `emit` with the units so far at every checkpoint. Units are mutated in place, so `emit`
 * must use them before returning.
 */
export function accumulateOverTime<J extends Timed, U>(
  judgments: J[], points: number,
  unit: { keyOf: (j: J) => string; start: (j: J) => U; add: (u: U, j: J) => void },
  emit: (judgments: number, at: number, units: Iterable<U>) => void,
): void {
  const sorted = [...judgments].sort((a, b) => a.at - b.at);
  const units = new Map<string, U>();
  let next = 0;
  for (const c of checkpoints(sorted.length, points)) {
    for (; next < c; next++) {
      const j = sorted[next];
      const key = unit.keyOf(j);
      let u = units.get(key);
      if (!u) units.set(key, (u = unit.start(j)));
      unit.add(u, j);
    }
    emit(c, sorted[c - 1].at, units.values());
  }
}
