// Large SQLite reads on worker threads. better-sqlite3 is synchronous: a multi-second analytics
// query on the server's own thread would stall every other request, graders' submissions
// included. A worker opens its own read-only connection per query (WAL lets it read a snapshot
// while the app writes) and hands back the rows.
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

// Plain CommonJS evaluated by the worker, so it needs no bundling: Next.js compiles server code
// into chunks a worker could not load by path.
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
// A bundler that keeps function names wraps them in its own __name helper, which this text lacks.
var __name = (f) => f;
const columnBuilder = ${columnBuilder.toString()};
const columnBuffers = ${columnBuffers.toString()};
parentPort.on("message", ({ id, file, sql, params, columnar }) => {
  let conn;
  try {
    conn = new Database(file, { readonly: true, fileMustExist: true });
    const statement = conn.prepare(sql).raw(true);
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
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  } finally {
    if (conn) conn.close();
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
