// A row id written from a number in as few characters as keep ids in order: the number in
// Crockford's base 32 (digits and capital letters without I, L, O or U), after one character that
// says how many digits follow. 4,096 is "3400"; a million-row import's ids have five characters.
//
// Why the length first: without it "Z" would sort after "10". With it, a larger number always
// sorts later, byte by byte and under the usual collations (PostgreSQL's included), so ids drawn
// in order append to the indexes keyed by them instead of landing at random pages.
// Why these characters: ids are joined by "," in SQL lists (joined-list.ts), and show in URLs.
// Never 25 or more characters, so never equal to a cuid or ULID the app made before.

const DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export function compactId(n: number): string {
  // Safe integers only: beyond 2^53 − 1 two numbers could be one double, and so one id.
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`compactId: ${n} is not a whole number from 0 to 2^53 − 1`);
  let digits = "";
  do {
    digits = DIGITS[n % 32] + digits;
    n = Math.floor(n / 32);
  } while (n > 0);
  return DIGITS[digits.length] + digits;
}

/**
 * Whether `id` has a compact id's form: its first character the count of the digits after it, the
 * first of those not 0 unless it is the only one. What the checks of stored rows test ids against.
 */
export function isCompactId(id: string): boolean {
  const digits = id.slice(1);
  if (DIGITS.indexOf(id[0]) !== digits.length || digits.length === 0 || (digits.length > 1 && digits[0] === "0")) return false;
  return [...digits].every((c) => DIGITS.includes(c));
}
