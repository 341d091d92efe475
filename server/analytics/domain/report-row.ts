// One row of the tidy report: study, type, model_a, model_b, dimension, slice, metric, value, ci_low, ci_high, n,
// n_clusters, note.
export interface ReportRow {
  study: string;
  type: "side_by_side" | "single_sided";
  model_a: string;
  model_b: string;
  dimension: string;
  slice: string;
  metric: string;
  value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  n: number;
  /**
   * the independent units a bootstrap interval resampled (prompts, or a grader's tasks) where the
   * row has such an interval; n counts what the value is a share or mean of
   */
  n_clusters: number | null;
  /** why a figure is missing or qualified (e.g. too few clusters for an interval); empty otherwise */
  note: string;
}

export const REPORT_COLUMNS: (keyof ReportRow)[] = ["study", "type", "model_a", "model_b", "dimension", "slice", "metric", "value", "ci_low", "ci_high", "n", "n_clusters", "note"];
