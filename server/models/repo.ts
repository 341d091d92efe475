import type { Db } from "../db/client";
import type { TModelInput } from "./schema";

export const listModels = (db: Db) =>
  db.model.findMany({
    orderBy: [{ family: "asc" }, { name: "asc" }],
    select: { id: true, name: true, family: true, generation: true, notes: true, createdAt: true,
      _count: { select: { responses: true, studies: true } } },
  });

export const createModel = (db: Db, data: TModelInput) => db.model.create({ data });
export const updateModel = (db: Db, id: string, data: TModelInput) => db.model.update({ where: { id }, data });
export const modelExists = async (db: Db, id: string) => (await db.model.count({ where: { id } })) > 0;
