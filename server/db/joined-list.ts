// Values a query joined into one text with string_agg (SQLite 3.44+ and PostgreSQL both have it),
// split back. Returning a third of a million short rows costs about a microsecond each in
// better-sqlite3's row loop and more in the thread hand-over and per-row decoding; the same ids
// joined per group arrive as a few thousand rows (docs/performance.md, "units read as lists").
// Only for values that cannot hold the separator: the ids Verdict makes (cuids, the
// ULIDs of earlier imports, compact ids) are letters and digits.

/** The separator joined lists use in SQL: `string_agg(x, ',')`. */
export const LIST_SEPARATOR = ",";

/**
 * A joined list split into its values, checked against the number of values the same group
 * counted, so that a value holding the separator fails loudly rather than shifting every value
 * after it. NULL (no values) is an empty list.
 */
export function splitJoinedList(text: unknown, expected: number, what: string): string[] {
  if (text === null || text === undefined) {
    if (expected !== 0) throw new Error(`${what}: expected ${expected} values, got none`);
    return [];
  }
  const values = String(text).split(LIST_SEPARATOR);
  if (values.length !== expected) throw new Error(`${what}: expected ${expected} values, got ${values.length} (a value holds "${LIST_SEPARATOR}"?)`);
  return values;
}
