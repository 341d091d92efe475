// Shapes the server's leaderboard rows for one dimension and slice into table and chart rows.
// Nothing is computed here that the server did not: ratings, intervals and ranks come as they are.
import type { Leaderboard } from "@/server/leaderboard/schema";

export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

export interface Standing {
  model: string;
  rank: Estimate;
  rating: Estimate;
  styleControlled: Estimate | null;
  winRate: Estimate;
  notes: string[];
  unbounded: string | null;
}

const estimate = (r: Leaderboard["rows"][number] | undefined): Estimate | null =>
  r ? { value: r.value, low: r.ci_low, high: r.ci_high, n: r.n } : null;

export function standingsOf(board: Leaderboard, dimension: string, slice: string): Standing[] {
  const view = board.slices.find((s) => s.dimension === dimension && s.slice === slice);
  if (!view || view.refused) return [];
  const rows = board.rows.filter((r) => r.dimension === dimension && r.slice === slice);
  const of = (model: string, metric: string) => rows.find((r) => r.model === model && r.metric === metric);
  const empty: Estimate = { value: null, low: null, high: null, n: 0 };
  return view.standings.map((s) => ({
    model: s.model, notes: s.notes, unbounded: s.unbounded,
    rank: estimate(of(s.model, "rank")) ?? empty, rating: estimate(of(s.model, "rating")) ?? empty,
    styleControlled: estimate(of(s.model, "rating_style_controlled")), winRate: estimate(of(s.model, "win_rate")) ?? empty,
  }));
}

/** The slices the board has for a dimension, "all" first (the server's order). */
export const slicesFor = (board: Leaderboard, dimension: string) => board.slices.filter((s) => s.dimension === dimension).map((s) => s.slice);

/** Heatmap cells: row model's observed (or predicted) win rate against the column model, null where they never met. */
export function winRateMatrix(board: Leaderboard, dimension: string, slice: string, order: string[], kind: "observed" | "predicted") {
  const view = board.slices.find((s) => s.dimension === dimension && s.slice === slice);
  return order.map((a) => order.map((b) => {
    const cell = view?.pairwise.find((p) => p.a === a && p.b === b);
    return cell ? { value: kind === "observed" ? cell.observed : cell.predicted, battles: cell.battles } : null;
  }));
}

/** A rating in whole Elo points, "—" when there is none. */
export const elo = (v: number | null) => (v === null ? "—" : v.toFixed(0));

/** An interval as "low – high", empty when there is none. */
export const interval = (e: Estimate, fmt: (v: number | null) => string) => (e.low === null && e.high === null ? "" : `${fmt(e.low)} – ${fmt(e.high)}`);
