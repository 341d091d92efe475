// Compact ids (compact-id.ts) for the rows one transaction writes, drawn from blocks of 4,096 that
// the database numbers (IdBlock in prisma/models.prisma): block b gives the numbers b × 4,096 to
// b × 4,096 + 4,095, in order, so one import's ids increase as it writes them.
//
// Why the database numbers the blocks: several processes and instances import at once, and a
// number taken from the database's own counter (SQLite's AUTOINCREMENT, a PostgreSQL sequence)
// is never handed out twice. On PostgreSQL the counter is not rolled back and nothing waits on it.
// On SQLite it is rolled back with the transaction that drew it, and the next transaction may draw
// the same block again: so the blocks belong to one transaction, never kept for the next. Given
// the client itself rather than a transaction, each block is drawn and committed at once.
import type { Db, Tx } from "./client";
import { compactId } from "./compact-id";

export const ID_BLOCK_SIZE = 4096;

export class IdBlocks {
  private next = 0;
  private end = 0;

  constructor(private readonly client: Tx | Db) {}

  /** A new id, greater (as text) than every id these blocks gave before. */
  async take(): Promise<string> {
    if (this.next === this.end) {
      const { id } = await this.client.idBlock.create({ data: {}, select: { id: true } });
      this.next = id * ID_BLOCK_SIZE;
      this.end = this.next + ID_BLOCK_SIZE;
    }
    return compactId(this.next++);
  }
}
