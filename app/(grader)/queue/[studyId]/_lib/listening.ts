// Whether a grader has heard a clip: the parts the browser played (HTMLMediaElement.played, merged
// here) must cover the clip to within a quarter second — seeking to the end does not count as
// listening. A study may require every response clip heard before rating ("listen to the whole
// response"); the page enforces it with these rules.

export type Span = [start: number, end: number];

/** Seconds of the clip covered by the played spans (overlaps counted once). */
export function heardSeconds(spans: Span[]): number {
  const sorted = [...spans].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [s, e] of sorted) {
    if (e <= reach) continue;
    total += e - Math.max(s, reach);
    reach = e;
  }
  return total;
}

const SLACK_SECONDS = 0.25;

export function fullyHeard(spans: Span[], duration: number): boolean {
  return Number.isFinite(duration) && duration > 0 && heardSeconds(spans) >= duration - SLACK_SECONDS;
}

/** What still stands between the grader and rating: the labels of the clips not yet heard in full, or null. */
export function listenGate(required: boolean, clips: { label: string; heard: boolean }[]): string[] | null {
  if (!required) return null;
  const missing = clips.filter((c) => !c.heard).map((c) => c.label);
  return missing.length === 0 ? null : missing;
}
