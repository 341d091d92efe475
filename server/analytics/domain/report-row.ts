// One row of the tidy report: study, type, model_a, model_b, dimension, slice, metric, value, ci_low, ci_high, n.
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
}

export const REPORT_COLUMNS: (keyof ReportRow)[] = ["study", "type", "model_a", "model_b", "dimension", "slice", "metric", "value", "ci_low", "ci_high", "n"];
