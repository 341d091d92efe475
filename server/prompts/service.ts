import type { Db } from "../db/client";
import * as repo from "./repo";
import type { TPromptQuery } from "./schema";

export const listPromptSets = (db: Db) => repo.listPromptSets(db);
export const promptSetFacets = (db: Db, promptSetId: string) => repo.promptSetFacets(db, promptSetId);
export const listPrompts = (db: Db, q: TPromptQuery) => repo.listPrompts(db, q);
