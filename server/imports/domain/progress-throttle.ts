// Which of an import's progress reports reach the browser: a few a second are enough for a bar,
// but a phase's first and last report always go, so that a phase shorter than the gap (creating
// a study's items, or the recount after the last row) is still named on screen.

export interface PhaseProgress {
  phase: string;
  done: number;
  total: number;
}

/**
 * Wraps `send` so that, within one phase, reports closer than `gapMs` (by the clock `now`, in ms)
 * to the last one sent are dropped (the phase's last one is not).
 */
export function throttledProgress<P extends PhaseProgress>(send: (p: P) => void, gapMs: number, now: () => number): (p: P) => void {
  let last = -Infinity;
  let lastPhase: string | null = null;
  return (p) => {
    const at = now();
    if (p.phase !== lastPhase || p.done === p.total || at - last > gapMs) {
      last = at;
      lastPhase = p.phase;
      send(p);
    }
  };
}
