import { TRPCError } from "@trpc/server";
import { recordAudit } from "../audit/repo";
import type { Db } from "../db/client";
import * as repo from "./repo";
import type { TLocaleInput } from "./schema";

export const listLocales = (db: Db) => repo.listLocales(db);

export async function saveLocale(db: Db, actorId: string, input: TLocaleInput) {
  const locale = await repo.upsertLocale(db, input);
  await recordAudit(db, { actorId, action: "locale.save", entityType: "Locale", entityId: locale.code, details: input });
  return locale;
}

export async function assertLocalesExist(db: Db, codes: string[]): Promise<void> {
  const unknown = await repo.unknownLocales(db, codes);
  if (unknown.length > 0) {
    throw new TRPCError({ code: "BAD_REQUEST", message: `Unknown locale${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. An admin can add them under Locales.` });
  }
}
