// The `?` placeholders our SQL is written with (once for both engines), filled in order: with
// PostgreSQL's $1, $2, …, with quoted literals, or with PL/pgSQL names. Our SQL holds no literal
// question marks; a value put in place of one is not scanned again.

/** `sql` with its n-th `?` (from 0) replaced by `fill(n)`. With `count`, the placeholders must be exactly that many. */
export function fillPlaceholders(sql: string, fill: (n: number) => string, count?: number): string {
  let n = 0;
  const text = sql.replace(/\?/g, () => fill(n++));
  if (count !== undefined && n !== count) throw new Error(`${count} values for ${n} placeholders`);
  return text;
}
