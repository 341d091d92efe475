// Ids for rows written in bulk (imports): UUID version 7 (RFC 9562), whose first 48 bits are the
// time in milliseconds, so ids made later sort later as strings. A random UUID lands at a random
// place in every index keyed by it (the primary key, a study's judgments in id order, a
// judgment's item and assignment), and at a million rows each insert then touches a different
// page of each index; ids in creation order append at the end of them instead. Within one
// millisecond a 12-bit counter keeps the order (RFC 9562 §6.2, method 1); when it runs out the
// time field moves on by a millisecond, so ids stay strictly increasing in this process. The
// remaining 62 bits are random: ids made by several processes at once stay unique.
import { randomFillSync } from "node:crypto";

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
// Random bytes fetched in blocks: one system call per 512 ids rather than per id. Ten bytes an id:
// two for the counter's starting point, eight for the 62 random bits.
const BYTES = 10;
const pool = new Uint8Array(BYTES * 512);
let poolAt = pool.length;
let lastMs = -1;
let counter = 0;

function takeRandomBytes(): number {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += BYTES;
  return at;
}

/** A new UUIDv7 string, greater than every id this process made before. */
export function timeOrderedId(now: number = Date.now()): string {
  const at = takeRandomBytes();
  const start = ((pool[at] << 8) | pool[at + 1]) & 0x3ff;
  if (now > lastMs) {
    lastMs = now;
    // Start each millisecond low in the counter's range (random, so that ids are not guessable
    // from their neighbours), leaving room to count up.
    counter = start;
  } else if (++counter > 0xfff) {
    lastMs++;
    counter = start;
  }
  const ms = lastMs;
  const high = Math.floor(ms / 2 ** 16); // the top 32 bits of the 48-bit time
  const low = ms % 2 ** 16;
  return (
    HEX[(high >>> 24) & 0xff] + HEX[(high >>> 16) & 0xff] + HEX[(high >>> 8) & 0xff] + HEX[high & 0xff] + "-" +
    HEX[low >>> 8] + HEX[low & 0xff] + "-" +
    HEX[0x70 | (counter >>> 8)] + HEX[counter & 0xff] + "-" +
    HEX[0x80 | (pool[at + 2] & 0x3f)] + HEX[pool[at + 3]] + "-" +
    HEX[pool[at + 4]] + HEX[pool[at + 5]] + HEX[pool[at + 6]] + HEX[pool[at + 7]] + HEX[pool[at + 8]] + HEX[pool[at + 9]]
  );
}
