// Compact ids drawn from database-numbered blocks, on each engine: in order within a transaction,
// never the same twice across transactions (also after one rolled back), and on PostgreSQL two
// transactions draw at once without waiting for each other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { isCompactId } from "./compact-id";
import { ID_BLOCK_SIZE, IdBlocks } from "./id-blocks";

describe.each(await testEngines())("IdBlocks on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  const draw = (n: number) => async (ids: IdBlocks) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(await ids.take());
    return out;
  };

  it("gives short ids that sort in the order they were taken, across blocks", async () => {
    const blocks = await t.db.idBlock.count();
    const ids = await t.db.$transaction(async (tx) => draw(2 * ID_BLOCK_SIZE + 5)(new IdBlocks(tx)));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.filter((id) => !isCompactId(id) || id.length > 6)).toEqual([]);
    // Three blocks, one row each.
    expect(await t.db.idBlock.count()).toBe(blocks + 3);
  });

  it("never gives an id twice, also after a transaction that drew a block rolled back", async () => {
    const first = await t.db.$transaction(async (tx) => draw(10)(new IdBlocks(tx)));
    const abandoned = await t.db.$transaction(async (tx) => {
      await draw(10)(new IdBlocks(tx));
      throw new Error("abandon");
    }).catch((e: Error) => e);
    expect((abandoned as Error).message).toBe("abandon");
    const third = await t.db.$transaction(async (tx) => draw(10)(new IdBlocks(tx)));
    expect(third.filter((id) => first.includes(id))).toEqual([]);
    expect(third[0] > first.at(-1)!).toBe(true);
  });

  it.runIf(engine === "pg")("on PostgreSQL, two transactions draw blocks at once, neither waiting for the other", async () => {
    // Each draws a block, then waits until the other has drawn one before it commits: were the
    // counter locked until commit, the second draw would wait for the first commit, which waits
    // for the second draw, and the transactions would time out.
    let drawn = 0;
    const bothDrawn = () => new Promise<void>((resolve, reject) => {
      const check = (waited: number) => (drawn === 2 ? resolve() : waited > 10_000 ? reject(new Error("the other transaction never drew")) : setTimeout(() => check(waited + 10), 10));
      check(0);
    });
    const one = () => t.db.$transaction(async (tx) => {
      const ids = await draw(3)(new IdBlocks(tx));
      drawn++;
      await bothDrawn();
      return ids;
    }, { timeout: 20_000 });
    const [a, b] = await Promise.all([one(), one()]);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });
});
