// Multi-row INSERTs for imports of a million rows: Prisma's createMany validates and compiles
// every row, which is both slow and memory-hungry at that scale. Values are plain (strings,
// numbers, booleans, Dates, null); dates and booleans are written the way each engine stores them.
import type { Tx } from "./client";
import type { DatabaseTarget } from "./database-url";

type Value = string | number | boolean | Date | null;

// SQLite through Prisma's driver allows 999 bound parameters per statement.
const MAX_PARAMS: Record<DatabaseTarget["engine"], number> = { sqlite: 999, pg: 2_000 };

function encode(v: Value, engine: DatabaseTarget["engine"]): string | number | null {
  if (v instanceof Date) return engine === "sqlite" ? v.toISOString().replace("Z", "+00:00") : v.toISOString();
  if (typeof v === "boolean") return engine === "sqlite" ? (v ? 1 : 0) : (v ? "true" : "false");
  return v;
}

export async function bulkInsert(tx: Tx, engine: DatabaseTarget["engine"], table: string, columns: string[], rows: Value[][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS[engine] / columns.length));
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values: (string | number | null)[] = [];
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length) throw new Error(`bulkInsert ${table}: row has ${row.length} values for ${columns.length} columns`);
      const marks = row.map((v) => {
        values.push(encode(v, engine));
        return engine === "sqlite" ? "?" : `$${values.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    await tx.$executeRawUnsafe(head + tuples.join(", "), ...values);
  }
}
