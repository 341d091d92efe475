// A PostgreSQL server with autovacuum off never refreshes the planner's statistics by itself.
// Plans cached while a table was small (the task tallies' trigger, the grading path's prepared
// statements) then stay in use as it grows: on such a server graders' p95 latency rose from under
// 20 ms to hundreds of milliseconds within a minute of grading (docs/performance.md, "Grading under
// load"). Each instance says so once when it starts, rather than leaving it to be found.
import { engineOf, type Db } from "./client";
import { pgRows } from "./pg-native";

/** The warning for a server whose `autovacuum` setting reads `setting`, or null when there is none to give. */
export function autovacuumWarning(setting: string | null): string | null {
  if (setting === null || setting.toLowerCase() !== "off") return null;
  return "PostgreSQL runs with autovacuum = off: the planner's statistics are never refreshed, and grading slows down as "
    + "judgments accumulate. Turn it on, or run ANALYZE regularly (docs/deployment.md, PostgreSQL).";
}

/** The warning for this instance's database (never on SQLite, whose planner does not depend on them here). */
export async function plannerStatisticsWarning(db: Db): Promise<string | null> {
  if (engineOf(db) !== "pg") return null;
  const rows = await pgRows(db, "SELECT current_setting('autovacuum')", []);
  return autovacuumWarning(rows.length ? String(rows[0][0]) : null);
}
