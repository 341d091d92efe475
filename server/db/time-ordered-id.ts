// Ids for rows written in bulk (imports; judgments themselves are numbered by the database):
// ULIDs (26 characters of Crockford's base 32), whose first ten characters are the time in
// milliseconds, so ids made later sort later as strings.
//
// Why time-ordered: a random id lands at a random place in every index keyed by it (the primary
// key, a judgment's item and assignment), and at a million rows each insert then touches a
// different page of each index; ids in creation order append at the end of them instead.
// Why 26 characters rather than a UUID's 36: an item's and an assignment's ids are stored in each
// of their judgments' rows and indexes, so ten characters fewer per id (judgments then had such
// ids too) made a million-judgment SQLite database 14% smaller and its import about 6% faster on
// average (docs/performance.md). The alphabet is digits and capital letters in ascending order, so the
// ids sort the same byte by byte and under the usual collations (PostgreSQL's included).
//
// Within one millisecond a 12-bit counter keeps the order (as RFC 9562 §6.2, method 1, does for
// UUIDs); when it runs out the time moves on by a millisecond, so ids stay strictly increasing in
// this process. The remaining 68 bits are random: ids made by several processes at once stay unique.
import { randomFillSync } from "node:crypto";

/** Crockford's base 32: no I, L, O or U, so that ids read back without ambiguity (as character codes). */
const DIGITS = [..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"].map((c) => c.charCodeAt(0));
/** Characters of the time (48 bits in 10 characters of 5 bits) and of the rest (80 bits in 16). */
const TIME_CHARS = 10;
const REST_CHARS = 16;
// Random bytes fetched in blocks: one system call per 512 ids rather than per id. Eleven bytes an
// id: two for the counter's starting point, nine for the 68 random bits (and four spare).
const BYTES = 11;
const pool = new Uint8Array(BYTES * 512);
let poolAt = pool.length;
let lastMs = -1;
let counter = 0;
// An id's characters, made into one string at the end: added one by one, each id left 25 partial
// strings behind, a million-row import's largest source of garbage after its rows.
const chars: number[] = new Array(TIME_CHARS + REST_CHARS).fill(0);
/** The millisecond whose time the first characters of `chars` hold. */
let charsMs = -1;

function takeRandomBytes(): number {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += BYTES;
  return at;
}

/** A new ULID, greater (as a string) than every id this process made before. */
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
  // 48 bits of time, most significant first (5 bits a character; 2^48 < 32^10); the same for every id of one millisecond.
  if (lastMs !== charsMs) {
    for (let i = TIME_CHARS - 1, t = lastMs; i >= 0; i--) chars[TIME_CHARS - 1 - i] = DIGITS[Math.floor(t / 32 ** i) % 32];
    charsMs = lastMs;
  }
  // Then the counter's 12 bits and 68 random bits, 5 at a time from a small bit buffer.
  let bits = counter;
  let held = 12;
  let next = at + 2;
  for (let i = 0; i < REST_CHARS; i++) {
    if (held < 5) {
      bits = (bits << 8) | pool[next++];
      held += 8;
    }
    held -= 5;
    chars[TIME_CHARS + i] = DIGITS[(bits >>> held) & 31];
    bits &= (1 << held) - 1;
  }
  return String.fromCharCode.apply(null, chars);
}
