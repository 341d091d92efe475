// How long each phase of a long command took, read off the progress it reports: a phase lasts from
// its first report to the next phase's first report, the last one to the command's end. Printed
// with the result so that whoever runs a large import sees where its time went.

export class PhaseTimes {
  private readonly starts: { phase: string; at: number }[] = [];

  /** A progress report of `phase` at time `at` (ms). */
  mark(phase: string, at: number): void {
    if (this.starts.at(-1)?.phase !== phase) this.starts.push({ phase, at });
  }

  /** "checking 6.7 s, writing 18.6 s", up to `end` (ms); empty when nothing was reported. */
  summary(end: number): string {
    return this.starts.map(({ phase, at }, i) => `${phase} ${(((this.starts[i + 1]?.at ?? end) - at) / 1000).toFixed(1)} s`).join(", ");
  }
}
