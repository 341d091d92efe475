// Multi-row INSERTs for imports of a million rows: Prisma's createMany validates and compiles
// every row, which is both slow and memory-hungry at that scale. Values are plain (strings,
// numbers, booleans, Dates, null); dates and booleans are written the way each engine stores them.
// On SQLite the rows go straight to the connection Prisma's transaction is open on, through one
// prepared statement per table: through Prisma each 999-parameter statement was compiled, sent
// to its engine and parsed again, which cost more than SQLite's own work.
import type Database from "better-sqlite3";
import { prismaSqliteConnection, targetOf, type Db, type Tx } from "./client";
import type { DatabaseTarget } from "./database-url";

type Value = string | number | boolean | Date | null;
type Engine = DatabaseTarget["engine"];

// PostgreSQL: rows per statement (each column one array parameter).
const PG_ROWS_PER_STATEMENT = 10_000;
// SQLite: rows per prepared statement (fewer statement runs; well under its 32,766 parameters).
const SQLITE_ROWS_PER_STATEMENT = 64;

function encode(v: Value, engine: Engine): string | number | null {
  if (v instanceof Date) return engine === "sqlite" ? v.toISOString().replace("Z", "+00:00") : v.toISOString();
  if (typeof v === "boolean") return engine === "sqlite" ? (v ? 1 : 0) : (v ? "true" : "false");
  return v;
}

const tuple = (columns: string[], mark: (k: number) => string) => `(${columns.map((_, k) => mark(k)).join(", ")})`;
const insertHead = (table: string, columns: string[]) => `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `;

/** Inserts rows in bulk inside a Prisma transaction, by the fastest path each engine offers. */
export interface BulkWriter {
  readonly engine: Engine;
  insert(table: string, columns: string[], rows: Value[][]): Promise<void>;
}

function checkRows(table: string, columns: string[], rows: Value[][]): void {
  for (const row of rows) if (row.length !== columns.length) throw new Error(`bulk insert into ${table}: row has ${row.length} values for ${columns.length} columns`);
}

class SqliteBulkWriter implements BulkWriter {
  readonly engine = "sqlite" as const;
  private readonly statements = new Map<string, Database.Statement>();
  // An import stamps every row with the same Date: formatted once, not once a row.
  private lastTime = NaN;
  private lastDateText = "";
  constructor(private readonly conn: Database.Database) {}

  private statement(table: string, columns: string[], rows: number): Database.Statement {
    const key = `${table}|${columns.join(",")}|${rows}`;
    let s = this.statements.get(key);
    if (!s) {
      const one = tuple(columns, () => "?");
      s = this.conn.prepare(insertHead(table, columns) + Array.from({ length: rows }, () => one).join(", "));
      this.statements.set(key, s);
    }
    return s;
  }

  private encode(v: Value): string | number | null {
    if (v instanceof Date) {
      if (v.getTime() !== this.lastTime) [this.lastTime, this.lastDateText] = [v.getTime(), encode(v, "sqlite") as string];
      return this.lastDateText;
    }
    return encode(v, "sqlite");
  }

  async insert(table: string, columns: string[], rows: Value[][]): Promise<void> {
    checkRows(table, columns, rows);
    // Only inside the transaction Prisma opened: outside it, each statement would commit alone.
    if (!this.conn.inTransaction) throw new Error(`bulk insert into ${table} outside a transaction`);
    const values: (string | number | null)[] = [];
    for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
      const end = Math.min(rows.length, start + SQLITE_ROWS_PER_STATEMENT);
      values.length = 0;
      for (let r = start; r < end; r++) for (const v of rows[r]) values.push(this.encode(v));
      this.statement(table, columns, end - start).run(values);
    }
    // better-sqlite3 is synchronous: give the event loop a turn after each batch, so that a server
    // importing an upload goes on answering, and the CLI's lifeline (cli/lifeline.ts) can still
    // end an import whose launcher was killed before it commits.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * PostgreSQL: one statement per 10,000 rows, each column sent as one array parameter and turned
 * back into rows by unnest() — a handful of parameters however many rows, where a multi-row
 * VALUES list needed a parameter per value (2,000 per statement) and a plan per statement size.
 */
class PgBulkWriter implements BulkWriter {
  readonly engine = "pg" as const;
  private readonly types = new Map<string, Map<string, string>>();
  constructor(private readonly tx: Tx) {}

  /** Each column's type name (enums by their own name), for the array casts. */
  private async columnTypes(table: string): Promise<Map<string, string>> {
    let types = this.types.get(table);
    if (!types) {
      const rows = await this.tx.$queryRawUnsafe<{ column_name: string; udt_name: string }[]>(
        `SELECT column_name::text AS column_name, udt_name::text AS udt_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`, table);
      types = new Map(rows.map((r) => [r.column_name, r.udt_name]));
      this.types.set(table, types);
    }
    return types;
  }

  async insert(table: string, columns: string[], rows: Value[][]): Promise<void> {
    checkRows(table, columns, rows);
    if (rows.length === 0) return;
    const types = await this.columnTypes(table);
    const casts = columns.map((c, k) => {
      const type = types.get(c);
      if (!type) throw new Error(`bulk insert into ${table}: no column "${c}"`);
      return `$${k + 1}::"${type}"[]`;
    });
    const sql = `${insertHead(table, columns).replace(/ VALUES $/, "")} SELECT * FROM unnest(${casts.join(", ")})`;
    for (let start = 0; start < rows.length; start += PG_ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + PG_ROWS_PER_STATEMENT);
      await this.tx.$executeRawUnsafe(sql, ...columns.map((_, k) => chunk.map((row) => encode(row[k], "pg"))));
    }
  }
}

/** A bulk writer for the transaction `tx` of client `db`. */
export function bulkWriter(db: Db, tx: Tx): BulkWriter {
  if (targetOf(db).engine === "pg") return new PgBulkWriter(tx);
  const conn = prismaSqliteConnection(db);
  if (!conn) throw new Error("the SQLite client has not connected yet");
  return new SqliteBulkWriter(conn);
}
