// Multi-row INSERTs for imports of a million rows: Prisma's createMany validates and compiles
// every row, which is both slow and memory-hungry at that scale. Values are plain (strings,
// numbers, booleans, Dates, null); dates and booleans are written the way each engine stores them.
// On SQLite the rows go straight to the connection Prisma's transaction is open on, through one
// prepared statement per table: through Prisma each 999-parameter statement was compiled, sent
// to its engine and parsed again, which cost more than SQLite's own work.
//
// Rows are added one at a time to a table's appender, which copies their values into the batch
// it is filling and writes the batch when it is full: an import keeps no list of rows of its own.
// Lists of a few thousand row arrays outlived the young generation's collections, were promoted,
// and grew the heap of a million-row import by a hundred megabytes or more of garbage between
// full collections (docs/performance.md).
import type Database from "better-sqlite3";
import { prismaSqliteConnection, targetOf, type Db, type Tx } from "./client";
import { forgetPrismaDebugHistory } from "./prisma-debug-history";
import type { DatabaseTarget } from "./database-url";
import { sqliteDateTime } from "./sqlite-date-time";

export type BulkValue = string | number | boolean | Date | null;
type Engine = DatabaseTarget["engine"];
type Encoded = string | number | null;

// PostgreSQL: rows per statement (each column one array parameter).
const PG_ROWS_PER_STATEMENT = 10_000;
// SQLite: rows per prepared statement (fewer statement runs; well under its 32,766 parameters).
const SQLITE_ROWS_PER_STATEMENT = 64;
// SQLite: rows written between turns given to the event loop.
const SQLITE_ROWS_PER_TURN = 2_048;

/** A time as Prisma stores it in SQLite (ISO text with an explicit offset). */

function encode(v: BulkValue, engine: Engine): Encoded {
  if (v instanceof Date) return engine === "sqlite" ? sqliteDateTime(v) : v.toISOString();
  if (typeof v === "boolean") return engine === "sqlite" ? (v ? 1 : 0) : (v ? "true" : "false");
  return v;
}

const tuple = (columns: string[], mark: (k: number) => string) => `(${columns.map((_, k) => mark(k)).join(", ")})`;
const insertHead = (table: string, columns: string[]) => `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `;

/** Rows of one table added one at a time and written in batches; `flush` writes what is left. */
export interface BulkTable {
  /** Adds a row (its values in the columns' order). Await it: a full batch may be written. */
  add(row: readonly BulkValue[]): Promise<void> | undefined;
  flush(): Promise<void>;
}

/** Inserts rows in bulk inside a Prisma transaction, by the fastest path each engine offers. */
export interface BulkWriter {
  readonly engine: Engine;
  /** `writtenFirst`: tables whose rows this table's rows refer to, written before each batch of it. */
  table(table: string, columns: string[], writtenFirst?: BulkTable[]): BulkTable;
  insert(table: string, columns: string[], rows: readonly (readonly BulkValue[])[]): Promise<void>;
}

function checkWidth(table: string, columns: string[], row: readonly BulkValue[]): void {
  if (row.length !== columns.length) throw new Error(`bulk insert into ${table}: row has ${row.length} values for ${columns.length} columns`);
}

/** better-sqlite3 is synchronous: a turn for the event loop between batches. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

abstract class Writer implements BulkWriter {
  abstract readonly engine: Engine;
  abstract table(table: string, columns: string[], writtenFirst?: BulkTable[]): BulkTable;
  async insert(table: string, columns: string[], rows: readonly (readonly BulkValue[])[]): Promise<void> {
    const t = this.table(table, columns);
    for (const row of rows) await t.add(row);
    await t.flush();
  }
}

class SqliteBulkWriter extends Writer {
  readonly engine = "sqlite" as const;
  private readonly statements = new Map<string, Database.Statement>();
  // An import stamps every row with the same Date: formatted once, not once a row.
  private lastTime = NaN;
  private lastDateText = "";
  constructor(private readonly conn: Database.Database) {
    super();
  }

  encode(v: BulkValue): Encoded {
    if (v instanceof Date) {
      if (v.getTime() !== this.lastTime) [this.lastTime, this.lastDateText] = [v.getTime(), encode(v, "sqlite") as string];
      return this.lastDateText;
    }
    return encode(v, "sqlite");
  }

  run(table: string, columns: string[], rows: number, values: Encoded[]): void {
    // Only inside the transaction Prisma opened: outside it, each statement would commit alone.
    if (!this.conn.inTransaction) throw new Error(`bulk insert into ${table} outside a transaction`);
    const key = `${table}|${columns.join(",")}|${rows}`;
    let s = this.statements.get(key);
    if (!s) {
      const one = tuple(columns, () => "?");
      s = this.conn.prepare(insertHead(table, columns) + Array.from({ length: rows }, () => one).join(", "));
      this.statements.set(key, s);
    }
    s.run(values);
  }

  table(table: string, columns: string[], writtenFirst: BulkTable[] = []): BulkTable {
    return new SqliteTable(this, table, columns, writtenFirst as SqliteTable[]);
  }
}

class SqliteTable implements BulkTable {
  private readonly batch: Encoded[];
  private rows = 0;
  private sinceTurn = 0;
  constructor(private readonly writer: SqliteBulkWriter, private readonly name: string, private readonly columns: string[], private readonly writtenFirst: SqliteTable[]) {
    this.batch = new Array(columns.length * SQLITE_ROWS_PER_STATEMENT).fill(null);
  }

  add(row: readonly BulkValue[]): Promise<void> | undefined {
    checkWidth(this.name, this.columns, row);
    const width = this.columns.length;
    for (let k = 0, at = this.rows * width; k < width; k++) this.batch[at + k] = this.writer.encode(row[k]);
    if (++this.rows < SQLITE_ROWS_PER_STATEMENT) return undefined;
    this.writeHeld();
    if ((this.sinceTurn += SQLITE_ROWS_PER_STATEMENT) < SQLITE_ROWS_PER_TURN) return undefined;
    // A server importing an upload goes on answering, and the CLI's lifeline (cli/lifeline.ts)
    // can still end an import whose launcher was killed before it commits.
    this.sinceTurn = 0;
    return turn();
  }

  /** Writes the rows held, after those of the tables they refer to (foreign keys are checked at once). */
  writeHeld(): void {
    for (const t of this.writtenFirst) t.writeHeld();
    if (this.rows === 0) return;
    const full = this.rows === SQLITE_ROWS_PER_STATEMENT;
    this.writer.run(this.name, this.columns, this.rows, full ? this.batch : this.batch.slice(0, this.rows * this.columns.length));
    this.rows = 0;
  }

  async flush(): Promise<void> {
    this.writeHeld();
    this.sinceTurn = 0;
    await turn();
  }
}

/**
 * PostgreSQL: one statement per 10,000 rows, each column sent as one array parameter and turned
 * back into rows by unnest() — a handful of parameters however many rows, where a multi-row
 * VALUES list needed a parameter per value (2,000 per statement) and a plan per statement size.
 */
class PgBulkWriter extends Writer {
  readonly engine = "pg" as const;
  private readonly types = new Map<string, Map<string, string>>();
  constructor(private readonly tx: Tx) {
    super();
  }

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

  async run(table: string, columns: string[], values: Encoded[][]): Promise<void> {
    const types = await this.columnTypes(table);
    const casts = columns.map((c, k) => {
      const type = types.get(c);
      if (!type) throw new Error(`bulk insert into ${table}: no column "${c}"`);
      return `$${k + 1}::"${type}"[]`;
    });
    const sql = `${insertHead(table, columns).replace(/ VALUES $/, "")} SELECT * FROM unnest(${casts.join(", ")})`;
    await this.tx.$executeRawUnsafe(sql, ...values);
    // Prisma's debug histories would keep the last hundred batches' values (prisma-debug-history.ts).
    forgetPrismaDebugHistory();
  }

  table(table: string, columns: string[], writtenFirst: BulkTable[] = []): BulkTable {
    return new PgTable(this, table, columns, writtenFirst as PgTable[]);
  }
}

class PgTable implements BulkTable {
  // Column by column, as the statement takes them.
  private values: Encoded[][];
  constructor(private readonly writer: PgBulkWriter, private readonly name: string, private readonly columns: string[], private readonly writtenFirst: PgTable[]) {
    this.values = columns.map(() => []);
  }

  add(row: readonly BulkValue[]): Promise<void> | undefined {
    checkWidth(this.name, this.columns, row);
    for (let k = 0; k < row.length; k++) this.values[k].push(encode(row[k], "pg"));
    return this.values[0].length >= PG_ROWS_PER_STATEMENT ? this.flush() : undefined;
  }

  /** Writes the rows held, after those of the tables they refer to (foreign keys are checked at once). */
  async flush(): Promise<void> {
    for (const t of this.writtenFirst) await t.flush();
    const held = this.values;
    if (held[0].length === 0) return;
    this.values = this.columns.map(() => []);
    await this.writer.run(this.name, this.columns, held);
  }
}

/** A bulk writer for the transaction `tx` of client `db`. */
export function bulkWriter(db: Db, tx: Tx): BulkWriter {
  if (targetOf(db).engine === "pg") return new PgBulkWriter(tx);
  const conn = prismaSqliteConnection(db);
  if (!conn) throw new Error("the SQLite client has not connected yet");
  return new SqliteBulkWriter(conn);
}
