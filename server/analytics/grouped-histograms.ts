// Queries that group a study's units (an item on a dimension) by what they count as, each with its
// histogram over the scale: SQLite or PostgreSQL sum and group them, and a few thousand rows leave
// the database instead of one per prompt. The histogram is summed as one packed integer per unit
// (domain/packed-histogram.ts), half the cost of a column per point; a unit with more equal
// judgments than a packed field holds (127 preferences, 1,023 scores) shows as a decoded total
// that differs from its count, and the query is then run again with a column per point.
import type { Db } from "../db/client";
import { nativeRows, toNumber } from "../db/native-read";
import { SCALES } from "../studies/domain/scales";
import { unpackHistogram } from "./domain/packed-histogram";
import { histogramAliases, histogramColumns, packedHistogram } from "./judgment-sql";

/** The histogram's columns in a grouped query whose inner, per-unit query is aliased `g`. */
export interface HistogramColumns {
  /** in the inner query's SELECT (per item and dimension) */
  inner: string;
  /** the same columns as the outer query sees them: to SELECT (at the position given) and GROUP BY */
  outer: string;
}

export interface HistogramGroupRow {
  /** the row as the driver gave it (its columns before the histogram's are the caller's) */
  row: unknown[];
  /** judgments per point of the scale, lowest point first */
  histogram: number[];
}

/**
 * Runs `query(columns)` with packed histograms, and again with a column per point only when a
 * packed field overflowed. The query selects `columns.outer` starting at column `at` and groups by it.
 */
export async function groupedByHistogram(db: Db, column: "preference" | "score", query: (columns: HistogramColumns) => string,
  params: unknown[], at: number): Promise<HistogramGroupRow[]> {
  const scale = column === "preference" ? SCALES.SIDE_BY_SIDE : SCALES.SINGLE_SIDED;
  const points = scale.max - scale.min + 1;
  // The unit's judgment count beside its packed histogram, grouped too, so that a decoded total
  // that is not the count shows in the group.
  const packed = await nativeRows(db, query({ inner: `COUNT(*) AS n, ${packedHistogram(column, scale)} AS h`, outer: "g.n, g.h" }), params);
  const groups = packed.map((row) => ({ row, histogram: new Array<number>(points) }));
  if (groups.every((g) => unpackHistogram(toNumber(g.row[at + 1]), points, g.histogram) === toNumber(g.row[at]))) return groups;
  const rows = await nativeRows(db, query({ inner: histogramColumns(column, scale, "h"), outer: histogramAliases(scale, "g", "h") }), params);
  return rows.map((row) => ({ row, histogram: row.slice(at, at + points).map(toNumber) }));
}
