import type { Db } from "../db/client";
import type { TLocaleInput } from "./schema";

export const listLocales = (db: Db) =>
  db.locale.findMany({
    orderBy: [{ region: "asc" }, { code: "asc" }],
    select: { code: true, name: true, region: true, _count: { select: { users: true, prompts: true } } },
  });

export const upsertLocale = (db: Db, input: TLocaleInput) =>
  db.locale.upsert({ where: { code: input.code }, create: input, update: { name: input.name, region: input.region } });

export async function unknownLocales(db: Db, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const found = await db.locale.findMany({ where: { code: { in: codes } }, select: { code: true } });
  const known = new Set(found.map((l) => l.code));
  return codes.filter((c) => !known.has(c));
}
