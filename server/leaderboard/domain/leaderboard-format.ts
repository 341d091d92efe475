// The leaderboard as a tidy CSV: dimension, slice, model, metric, value, ci_low, ci_high, n.
import { formatNumber } from "../../analytics/domain/report-format";
import { LEADERBOARD_COLUMNS, type LeaderboardRow } from "./leaderboard";

export function leaderboardCsvRecords(rows: LeaderboardRow[]): string[][] {
  return [LEADERBOARD_COLUMNS as string[], ...rows.map((r) => LEADERBOARD_COLUMNS.map((c) => {
    const v = r[c];
    return typeof v === "number" || v === null ? formatNumber(v as number | null) : String(v);
  }))];
}
