// The order in which eligible items are offered: items closest to their k judgments first, so
// prompts finish evenly instead of one locale or category being exhausted before the rest; among
// equals, a per-grader hash spreads concurrent graders over different items instead of all of
// them racing for the same one.
export interface LeaseCandidate {
  id: string;
  submittedCount: number;
  liveLeases: number;
}

/** FNV-1a, 32 bit. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A stable, cheap hash (no randomness, so tests are deterministic): FNV-1a followed by
 * MurmurHash3's finaliser, because FNV alone mixes keys that share a suffix poorly.
 */
export function stableHash(text: string): number {
  let h = fnv1a(text);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hasCapacity(c: LeaseCandidate, redundancy: number): boolean {
  return c.submittedCount + c.liveLeases < redundancy;
}

export function orderLeaseCandidates(candidates: LeaseCandidate[], redundancy: number, graderId: string): LeaseCandidate[] {
  return candidates
    .filter((c) => hasCapacity(c, redundancy))
    .map((c) => ({ c, load: c.submittedCount + c.liveLeases, tie: stableHash(`${graderId}:${c.id}`) }))
    .sort((a, b) => b.load - a.load || a.tie - b.tie)
    .map((x) => x.c);
}
