// The report's record of an exclusion: per dimension, how many judgments researchers kept out of
// every other row (metric excluded_judgments, slice all). No rows when nothing is excluded, so a
// study without exclusions reports exactly as before. The reasons are in the JSON report's meta
// and in the raw judgments export.
import type { ReportRow } from "./report-row";

export function excludedRows(head: { study: string; type: ReportRow["type"]; modelA: string; modelB: string }, excluded: { dimension: string; judgments: number }[]): ReportRow[] {
  return excluded.filter((e) => e.judgments > 0).map((e) => ({
    study: head.study, type: head.type, model_a: head.modelA, model_b: head.modelB, dimension: e.dimension, slice: "all",
    metric: "excluded_judgments", value: e.judgments, ci_low: null, ci_high: null, n: e.judgments, n_clusters: null, note: "",
  }));
}
