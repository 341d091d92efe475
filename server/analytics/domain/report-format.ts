// The report as CSV (one tidy table) or JSON (the same rows plus how intervals were computed).
import { REPORT_COLUMNS, type ReportRow } from "./report-row";

export interface ReportMeta {
  study: string;
  type: ReportRow["type"];
  generatedAt: string;
  bootstrap: { resamples: number; seed: number; method: string } | null;
  intervals: string;
  /** below this many clusters (prompts, or a grader's tasks) a bootstrap interval is not reported */
  minClusters: number;
  /** side-by-side: how a prompt's judgments make its verdict */
  verdictRule: "mean" | "majority" | null;
  /** researchers' exclusions in force: whose judgments (by pseudonym), which window, why, and how many */
  exclusions: { grader: string; from: string | null; until: string | null; reason: string; judgments: number }[];
}

/** Plain decimals; exponent notation only for magnitudes below 1e-6 (e.g. tiny p-values). */
export function formatNumber(v: number | null): string {
  if (v === null || Number.isNaN(v)) return "";
  if (Number.isInteger(v)) return String(v);
  if (Math.abs(v) < 1e-6) return v.toExponential(6);
  return String(Number(v.toPrecision(12)));
}

export function reportToCsvRecords(rows: ReportRow[]): string[][] {
  return [REPORT_COLUMNS as string[], ...rows.map((r) => REPORT_COLUMNS.map((c) => {
    const v = r[c];
    return typeof v === "number" || v === null ? formatNumber(v as number | null) : String(v);
  }))];
}
