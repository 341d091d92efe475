// The grading hot path on PostgreSQL through node-postgres directly, beside Prisma's own pool:
// Prisma compiles every statement in WebAssembly on the app's single thread, which under load
// cost more than the database work itself.
import pg from "pg";
import { targetOf, type Db } from "./client";
import { ColumnarRows, columnBuilder } from "./columnar-rows";
import { RAISE_WORK_MEM_SQL } from "./grouping-work-mem";
import { fillPlaceholders } from "./placeholders";

/** `?` → `$1, $2, …`: SQL written once for both engines. */
export const numberedPlaceholders = (sql: string): string => fillPlaceholders(sql, (n) => `$${n + 1}`);

// TIMESTAMP(3) columns hold UTC (as Prisma writes them); read them as UTC whatever the process's zone.
const TIMESTAMP_WITHOUT_TZ = 1114;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP_WITHOUT_TZ ? (s: string) => new Date(`${s.replace(" ", "T")}Z`) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

// One pool per Prisma client, i.e. per app instance (tests run two "instances" in one process);
// on globalThis because Next.js may load this module in several chunks.
const holder = globalThis as unknown as { verdictPgPools?: { byClient: WeakMap<object, pg.Pool>; byUrl: Map<string, Set<pg.Pool>> } };
const pools = (holder.verdictPgPools ??= { byClient: new WeakMap(), byUrl: new Map() });

function pool(db: Db): pg.Pool {
  const target = targetOf(db);
  if (target.engine !== "pg") throw new Error("this path needs a PostgreSQL database");
  let p = pools.byClient.get(db);
  if (!p) {
    p = new pg.Pool({ connectionString: target.url, max: 20, types, allowExitOnIdle: true });
    // An idle connection dropped by the server (restart, failover) is replaced on next use.
    p.on("error", () => {});
    pools.byClient.set(db, p);
    (pools.byUrl.get(target.url) ?? pools.byUrl.set(target.url, new Set()).get(target.url)!).add(p);
  }
  return p;
}

export async function closePgPool(url: string): Promise<void> {
  const set = pools.byUrl.get(url);
  pools.byUrl.delete(url);
  await Promise.all([...(set ?? [])].map((p) => p.end()));
}

/** A statement as prepared once per connection: PostgreSQL parses and plans it once. */
const prepared = new Map<string, { name: string; text: string }>();
function statement(sql: string) {
  let s = prepared.get(sql);
  if (!s) prepared.set(sql, (s = { name: `v${prepared.size}`, text: numberedPlaceholders(sql) }));
  return s;
}

export interface PgTx {
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  run(sql: string, ...params: unknown[]): Promise<number>;
}

function over(q: pg.Pool | pg.PoolClient): PgTx {
  const query = (sql: string, params: unknown[]) => q.query({ ...statement(sql), values: params });
  return {
    get: async (sql, ...params) => (await query(sql, params)).rows[0],
    all: async (sql, ...params) => (await query(sql, params)).rows,
    run: async (sql, ...params) => (await query(sql, params)).rowCount ?? 0,
  };
}

/** `fn` on one pooled connection, which it ends a transaction on; rolled back if it throws. */
async function onConnection<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool(db).connect();
  try {
    return await fn(client);
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** `fn` on one pooled connection inside a transaction that `begin` opens; rolled back if it throws. */
const onConnectionInTransaction = <T>(db: Db, begin: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> =>
  onConnection(db, async (client) => {
    await client.query(begin);
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  });

/** An analytics read: read-only, with work_mem raised for grouping (grouping-work-mem.ts). */
const analyticsRead = <T>(db: Db, read: (client: pg.PoolClient) => Promise<T>): Promise<T> =>
  onConnectionInTransaction(db, `BEGIN READ ONLY; ${RAISE_WORK_MEM_SQL}`, read);

/** One read, rows as arrays (ad-hoc SQL, e.g. filtered analytics: not prepared by name). */
export async function pgRows(db: Db, sql: string, params: unknown[]): Promise<unknown[][]> {
  return analyticsRead(db, async (client) => (await client.query({ text: numberedPlaceholders(sql), values: params, rowMode: "array" })).rows as unknown[][]);
}

/**
 * One read as columns (columnar-rows.ts), the rows streamed into them as they arrive: node-postgres
 * keeps no array of every row when the query has a row listener. At ten million judgments the
 * array of rows alone outgrew the process's heap.
 */
export async function pgColumns(db: Db, sql: string, params: unknown[]): Promise<ColumnarRows> {
  return analyticsRead(db, (client) => new Promise<ColumnarRows>((resolve, reject) => {
    // rowMode is a QueryArrayConfig option, which pg's Query typings do not list.
    const query = new pg.Query({ text: numberedPlaceholders(sql), values: params, rowMode: "array" } as pg.QueryConfig<unknown[]>);
    // The width is known from the first row; a result without rows has no columns to read.
    let builder: ReturnType<typeof columnBuilder> | null = null;
    let length = 0;
    query.on("row", (row: unknown[]) => {
      builder ??= columnBuilder(row.length);
      builder.push(row);
      length++;
    });
    query.on("error", reject);
    query.on("end", () => resolve(new ColumnarRows(length, builder?.finish() ?? [])));
    client.query(query);
  }));
}

/** Statements outside a transaction, each on any pooled connection. */
export const pgRead = (db: Db): PgTx => over(pool(db));

export async function pgTransaction<T>(db: Db, fn: (tx: PgTx) => Promise<T>): Promise<T> {
  return onConnectionInTransaction(db, "BEGIN", (client) => fn(over(client)));
}

/** A statement with `?` placeholders and its values. */
export interface PgStatement {
  sql: string;
  params: unknown[];
}

/**
 * A value as a quoted SQL literal. A quoted literal has no type until its use gives it one, as an
 * untyped parameter has: '1' fills a boolean column as the bound value 1 does, and a timestamp's
 * text a timestamp column. The text escaped by node-postgres (quotes doubled; E'' with backslashes).
 */
function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "string") return pg.escapeLiteral(v);
  if (typeof v === "number" && Number.isFinite(v)) return `'${v}'`;
  if (typeof v === "boolean") return v ? "'true'" : "'false'";
  throw new Error(`no SQL literal for ${typeof v} values`);
}

/** The statement with its values in place of its `?` placeholders, for a message that also carries BEGIN or COMMIT. */
export const withLiterals = ({ sql, params }: PgStatement): string => fillPlaceholders(sql, (n) => literal(params[n]), params.length);

/**
 * A transaction in two round trips: BEGIN goes with its first statement (a read that locks what it
 * reads), and its write, if `decide` wants one, goes with COMMIT, each pair as one message of the
 * simple query protocol (which takes no parameters, hence the literals). A transaction that sent
 * COMMIT in a round trip of its own held its row locks "idle in transaction" until the app's event
 * loop got round to it; under load other transactions queued behind those locks (#16,
 * docs/performance.md). Rolled back if anything throws, the write's own errors included.
 */
export const pgReadThenWrite = <R, T>(db: Db, read: PgStatement, decide: (row: R | undefined) => { write: PgStatement | null; result: T }): Promise<T> =>
  onConnection(db, async (client) => {
    const [, first] = (await client.query(`BEGIN; ${withLiterals(read)}`)) as unknown as pg.QueryResult[];
    const { write, result } = decide(first.rows[0] as R | undefined);
    await client.query(write ? `${withLiterals(write)}; COMMIT` : "COMMIT");
    return result;
  });

/** A Date as a TIMESTAMP(3) value in UTC, the way Prisma stores it. */
export const pgTimestamp = (d: Date): string => d.toISOString().replace("Z", "");

