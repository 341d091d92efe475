// Which models a Bradley–Terry fit can rate. Two questions, on models 0..m-1 and pair totals:
// - is the comparison graph (an edge wherever two models met) connected? If not, ratings of
//   different components are not comparable at all, and the leaderboard refuses;
// - does the maximum-likelihood estimate exist? It does exactly when the "beat" graph (i → j when
//   i won, or tied, at least once against j) is strongly connected (Zermelo 1929; Hunter 2004).
//   A group that never lost to the rest has ratings unbounded above; one that never won, below.
import type { PairTotals } from "./pair-totals";

/** Connected components of the comparison graph among the models that took part, largest first. */
export function comparisonComponents(t: PairTotals, present: readonly boolean[]): number[][] {
  const m = t.models;
  const parent = Array.from({ length: m }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) if (t.battles[i * m + j] > 0) parent[find(i)] = find(j);
  const groups = new Map<number, number[]>();
  for (let i = 0; i < m; i++) if (present[i]) (groups.get(find(i)) ?? groups.set(find(i), []).get(find(i))!).push(i);
  return [...groups.values()].sort((a, b) => b.length - a.length || a[0] - b[0]);
}

/** Strongly connected components of the beat graph restricted to `nodes` (Tarjan). */
function strongComponents(t: PairTotals, nodes: number[]): number[][] {
  const m = t.models;
  const inSet = new Set(nodes);
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const out: number[][] = [];
  let counter = 0;
  const beat = (i: number, j: number) => t.winsOf(i, j) > 0;
  const visit = (v: number) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (let w = 0; w < m; w++) {
      if (w === v || !inSet.has(w) || !beat(v, w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      out.push(comp.sort((a, b) => a - b));
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out;
}

export interface RatableCore {
  /** models with a finite maximum-likelihood rating relative to each other */
  core: number[];
  /** beat the core (directly or through others) and never lost to it: rating unbounded above */
  above: number[];
  /** lost to the core and never beat it: rating unbounded below */
  below: number[];
  /** neither above nor below the core: no rating relative to it */
  incomparable: number[];
}

/**
 * The models whose ratings the likelihood pins down: the largest strongly connected group of the
 * beat graph (most models, then most battles). Every other group's difference from it is infinite
 * in the maximum-likelihood limit; the beat graph says in which direction. `nodes` must be one
 * connected component of the comparison graph. A bootstrap resample passes the point estimate's
 * core as `anchor`: its core is then the group holding most of those models.
 */
export function ratableCore(t: PairTotals, nodes: number[], anchor?: ReadonlySet<number>): RatableCore {
  const comps = strongComponents(t, nodes);
  if (comps.length <= 1) return { core: [...nodes].sort((a, b) => a - b), above: [], below: [], incomparable: [] };
  const battlesIn = (c: number[]) => c.reduce((s, i) => s + c.reduce((u, j) => u + (i < j ? t.battlesOf(i, j) : 0), 0), 0);
  const anchored = (c: number[]) => (anchor ? c.filter((v) => anchor.has(v)).length : 0);
  const core = [...comps].sort((x, y) => anchored(y) - anchored(x) || y.length - x.length || battlesIn(y) - battlesIn(x) || x[0] - y[0])[0];
  // Models reachable from the core along "beat" edges lost to it, transitively; models that reach it beat it.
  const reach = (from: number[], forward: boolean) => {
    const seen = new Set(from);
    const stack = [...from];
    while (stack.length) {
      const v = stack.pop()!;
      for (const w of nodes) if (!seen.has(w) && (forward ? t.winsOf(v, w) > 0 : t.winsOf(w, v) > 0)) { seen.add(w); stack.push(w); }
    }
    return seen;
  };
  const beatenByCore = reach(core, true);
  const beatCore = reach(core, false);
  const inCore = new Set(core);
  const rest = nodes.filter((v) => !inCore.has(v)).sort((a, b) => a - b);
  return {
    core: [...core].sort((a, b) => a - b),
    above: rest.filter((v) => beatCore.has(v)),
    below: rest.filter((v) => beatenByCore.has(v)),
    incomparable: rest.filter((v) => !beatCore.has(v) && !beatenByCore.has(v)),
  };
}

/**
 * The common case, checked cheaply before peeling: every model in `nodes` reaches every other
 * through "beat" edges and is reached by them (one search each way from the first).
 */
export function isStronglyConnected(t: PairTotals, nodes: number[]): boolean {
  if (nodes.length <= 1) return true;
  const reach = (forward: boolean) => {
    const seen = new Uint8Array(t.models);
    const stack = [nodes[0]];
    seen[nodes[0]] = 1;
    let count = 1;
    while (stack.length) {
      const v = stack.pop()!;
      for (const w of nodes) {
        if (seen[w] || w === v) continue;
        if (forward ? t.winsOf(v, w) > 0 : t.winsOf(w, v) > 0) {
          seen[w] = 1;
          count++;
          stack.push(w);
        }
      }
    }
    return count === nodes.length;
  };
  return reach(true) && reach(false);
}
