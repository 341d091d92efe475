// A large read split into shares that run at once, each a share of the study's dimensions: SQLite
// answers them on its two read workers (sqlite-read-worker.ts), PostgreSQL on two pool
// connections. Making a third of a million rows or more into columns is such a read's cost, not
// finding them, so two at once take little more than one.

/** Shares a large read is split into. */
export const READ_SHARES = 2;

/** `items` dealt into `shares` lists in turn (item i into list i mod shares), empty lists left out. */
export function inTurns<T>(items: readonly T[], shares = READ_SHARES): T[][] {
  return Array.from({ length: Math.min(shares, items.length) }, (_, k) => items.filter((_, i) => i % shares === k));
}
