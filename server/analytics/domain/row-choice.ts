// Which of a report's rows to compute. The report file has them all; a dashboard
// section asks only for what its page draws, because every interval costs its 2,000 resamples
// whether anyone reads it or not: agreement on every slice was a third of the single-sided breakdowns at
// a million judgments, while the page shows agreement for the whole view only.

export interface RowChoice {
  /** metrics wanted on every slice; every metric when absent */
  metrics?: ReadonlySet<string>;
  /** metrics wanted on the slice "all" only (of those `metrics` allows) */
  overallOnly?: ReadonlySet<string>;
}

/** The same choice as plain arrays, as a worker thread receives it. */
export interface RowChoiceData {
  metrics: string[] | null;
  overallOnly: string[] | null;
}

/** Whether a metric is wanted on `slice`. */
export function wantedOn(choice: RowChoice | undefined, slice: string): (metric: string) => boolean {
  const metrics = choice?.metrics;
  const overallOnly = slice === "all" ? undefined : choice?.overallOnly;
  return (metric) => (!metrics || metrics.has(metric)) && !overallOnly?.has(metric);
}

export const rowChoiceData = (choice: RowChoice | undefined): RowChoiceData =>
  ({ metrics: choice?.metrics ? [...choice.metrics] : null, overallOnly: choice?.overallOnly ? [...choice.overallOnly] : null });

export const rowChoiceOf = (data: RowChoiceData): RowChoice =>
  ({ metrics: data.metrics ? new Set(data.metrics) : undefined, overallOnly: data.overallOnly ? new Set(data.overallOnly) : undefined });
