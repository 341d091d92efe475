import { TRPCError } from "@trpc/server";
import { recordAudit } from "../audit/repo";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import * as repo from "./repo";
import type { TModelInput, TUpdateModel } from "./schema";

export const listModels = (db: Db) => repo.listModels(db);

async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: "CONFLICT", message: `A model named "${name}" already exists.` });
    throw error;
  }
}

export async function createModel(db: Db, actorId: string, input: TModelInput) {
  const model = await uniqueName(input.name, () => repo.createModel(db, input));
  await recordAudit(db, { actorId, action: "model.create", entityType: "Model", entityId: model.id, details: input });
  return model;
}

export async function updateModel(db: Db, actorId: string, { id, ...input }: TUpdateModel) {
  if (!(await repo.modelExists(db, id))) throw new TRPCError({ code: "NOT_FOUND", message: "No such model." });
  const model = await uniqueName(input.name, () => repo.updateModel(db, id, input));
  await recordAudit(db, { actorId, action: "model.update", entityType: "Model", entityId: id, details: input });
  return model;
}
