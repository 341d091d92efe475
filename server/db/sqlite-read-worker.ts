// Large SQLite reads on worker threads. better-sqlite3 is synchronous: a multi-second analytics
// query on the server's own thread would stall every other request, graders' submissions
// included. A worker reads through its own read-only connections (WAL lets each query read a
// snapshot while the app writes) and hands back the rows.
//
// Two workers (one on a single core): a report or dashboard section asks for several large
// results at once (a study's judgment units and its items), and two researchers may ask at the
// same time; one worker made each wait for the other. The server's own thread still has a core's
// share for graders while both read.
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ColumnarRows, columnBuffers, columnBuilder, type EncodedColumn } from "./columnar-rows";

/** Files whose read-only connection a worker keeps open between queries. */
const KEPT_CONNECTIONS = 4;
/** Prepared statements a kept connection holds (a dashboard's sections and an export's pages need a few dozen). */
const KEPT_STATEMENTS = 64;

// Plain CommonJS evaluated by the worker, so it needs no bundling: Next.js compiles server code
// into chunks a worker could not load by path.
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync } = require("node:fs");
const Database = require(workerData.driver);
// A bundler that keeps function names wraps them in its own __name helper, which this text lacks.
var __name = (f) => f;
const columnBuilder = ${columnBuilder.toString()};
const columnBuffers = ${columnBuffers.toString()};
// Connections kept open between queries, the few most recent files: opening one costs about a
// millisecond (an export's two reads per page paid it 400 times). Each query still reads its own
// snapshot (WAL). A file replaced at the same path (another inode) gets a new connection.
const open = new Map();
function connectionFor(file) {
  const st = statSync(file);
  const kept = open.get(file);
  open.delete(file);
  if (kept && kept.dev === st.dev && kept.ino === st.ino) {
    open.set(file, kept);
    return kept;
  }
  if (kept) kept.conn.close();
  const conn = new Database(file, { readonly: true, fileMustExist: true });
  // SQLite's own page cache (16 MB by default in this driver) is kept with the connection; the
  // operating system's file cache holds the pages anyway, so a kept connection keeps 2 MB of them.
  conn.pragma("cache_size = -2000");
  const entry = { conn, dev: st.dev, ino: st.ino, statements: new Map() };
  open.set(file, entry);
  while (open.size > ${KEPT_CONNECTIONS}) {
    const [oldest, dropped] = open.entries().next().value;
    open.delete(oldest);
    dropped.conn.close();
  }
  return entry;
}
// A page of an export or a section's query is the same SQL each time: prepared once per connection.
function statementFor(entry, sql) {
  let statement = entry.statements.get(sql);
  if (!statement) {
    if (entry.statements.size >= ${KEPT_STATEMENTS}) entry.statements.clear();
    statement = entry.conn.prepare(sql).raw(true);
    entry.statements.set(sql, statement);
  }
  return statement;
}
function forget(file) {
  const kept = open.get(file);
  open.delete(file);
  if (kept) try { kept.conn.close(); } catch {}
}
parentPort.on("message", ({ id, file, sql, params, columnar }) => {
  try {
    const statement = statementFor(connectionFor(file), sql);
    if (!columnar) parentPort.postMessage({ id, rows: statement.all(...params) });
    else {
      // Row by row into the columns: the rows are never all held at once.
      const builder = columnBuilder(statement.columns().length);
      let length = 0;
      for (const row of statement.iterate(...params)) { builder.push(row); length++; }
      const columns = builder.finish();
      parentPort.postMessage({ id, length, columns }, columnBuffers(columns));
    }
  } catch (e) {
    forget(file);
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});`;

interface Pending {
  resolve: (result: unknown) => void;
  reject: (e: Error) => void;
}

interface ReadWorker {
  worker: Worker;
  pending: Map<number, Pending>;
  next: number;
}

const READERS = Math.min(2, os.availableParallelism());

// On globalThis: Next.js may load this module in several chunks; one pool per process is enough.
const holder = globalThis as unknown as { verdictSqliteReaders?: (ReadWorker | undefined)[] };

function startReader(slot: number): ReadWorker {
  const pool = (holder.verdictSqliteReaders ??= []);
  // Resolved from the project root rather than this file, whose location differs once bundled.
  const driver = createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3");
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver } });
  worker.unref(); // never keeps a CLI run or a test process alive
  const state: ReadWorker = { worker, pending: new Map(), next: 1 };
  worker.on("message", (m: { id: number; rows?: unknown[][]; length?: number; columns?: EncodedColumn[]; error?: string }) => {
    const p = state.pending.get(m.id);
    state.pending.delete(m.id);
    if (state.pending.size === 0) worker.unref();
    if (m.error !== undefined) p?.reject(new Error(m.error));
    else p?.resolve(m.columns ? new ColumnarRows(m.length!, m.columns) : m.rows!);
  });
  const fail = (e: Error) => {
    for (const p of state.pending.values()) p.reject(e);
    state.pending.clear();
    if (pool[slot] === state) pool[slot] = undefined;
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`SQLite read worker exited (${code})`)));
  pool[slot] = state;
  return state;
}

/** The worker with the fewest queries in flight; a second is started only when the first is busy. */
function reader(): ReadWorker {
  const pool = (holder.verdictSqliteReaders ??= []);
  let best: ReadWorker | undefined;
  for (let slot = 0; slot < READERS; slot++) {
    const r = pool[slot];
    if (!r) return best && best.pending.size === 0 ? best : startReader(slot);
    if (!best || r.pending.size < best.pending.size) best = r;
  }
  return best!;
}

function ask(file: string, sql: string, params: unknown[], columnar: boolean): Promise<unknown> {
  const r = reader();
  const id = r.next++;
  return new Promise((resolve, reject) => {
    r.pending.set(id, { resolve, reject });
    r.worker.ref(); // a query in flight keeps the process alive until it answers
    r.worker.postMessage({ id, file, sql, params, columnar });
  });
}

export const sqliteReadInWorker = (file: string, sql: string, params: unknown[]) => ask(file, sql, params, false) as Promise<unknown[][]>;

/** The same read, handed back as columns (columnar-rows.ts): for results of many rows. */
export const sqliteColumnsInWorker = (file: string, sql: string, params: unknown[]) => ask(file, sql, params, true) as Promise<ColumnarRows>;
