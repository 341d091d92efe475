// Prisma's SQLite driver adapter, made safe against storage failures. The adapter (6.19.3) runs
// one transaction at a time behind a mutex that only commit()/rollback() release, and Prisma
// calls those only after its COMMIT or ROLLBACK statement succeeded. On a full or read-only disk
// COMMIT fails (and SQLite may already have rolled back, so ROLLBACK fails too): the mutex was
// never released, and every later transaction — every login — waited forever, until a restart.
// Here a failed COMMIT rolls back and releases, and a ROLLBACK of a transaction SQLite already
// ended counts as done. Also: each connection gets the write settings of sqlite-connection.ts.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import type Database from "better-sqlite3";
import { configureWriteConnection, explainOpenFailure } from "./sqlite-connection";

const clientOf = (adapter: SqlDriverAdapter) => (adapter as unknown as { client: Database.Database }).client;

function safeTransaction(tx: Transaction, conn: Database.Database): Transaction {
  const executeRaw = async (q: SqlQuery): Promise<number> => {
    try {
      return await tx.executeRaw(q);
    } catch (error) {
      if (q.sql === "COMMIT") {
        if (conn.inTransaction) conn.prepare("ROLLBACK").run();
        await tx.rollback();
        throw error;
      }
      if (q.sql === "ROLLBACK") {
        if (!conn.inTransaction) return 0; // SQLite rolled back already (e.g. on SQLITE_FULL); Prisma releases next
        await tx.rollback();
      }
      throw error;
    }
  };
  return {
    provider: tx.provider, adapterName: tx.adapterName, options: tx.options,
    queryRaw: (q) => tx.queryRaw(q), executeRaw,
    commit: () => tx.commit(), rollback: () => tx.rollback(),
  };
}

export class SafeSqliteAdapterFactory implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  readonly #inner: PrismaBetterSQLite3;
  #connection: Database.Database | null = null;

  constructor(readonly file: string, options: { timeout: number }) {
    this.#inner = new PrismaBetterSQLite3({ url: `file:${file}`, timeout: options.timeout });
    this.adapterName = this.#inner.adapterName;
  }

  /**
   * The one connection Prisma runs every query and transaction on (null before the first query):
   * bulk writes inside a Prisma transaction run prepared statements on it directly (bulk-insert.ts).
   */
  get connection(): Database.Database | null {
    return this.#connection;
  }

  async connect(): Promise<SqlDriverAdapter> {
    let adapter: SqlDriverAdapter;
    try {
      adapter = await this.#inner.connect();
    } catch (error) {
      throw explainOpenFailure(this.file, error);
    }
    const conn = clientOf(adapter);
    configureWriteConnection(conn, this.file);
    this.#connection = conn;
    const startTransaction = adapter.startTransaction.bind(adapter);
    return Object.assign(adapter, {
      startTransaction: async (isolation?: Parameters<SqlDriverAdapter["startTransaction"]>[0]) => safeTransaction(await startTransaction(isolation), conn),
    });
  }
}
