import type { Db } from "../db/client";
import { readStoredConversation } from "../imports/domain/conversation";
import * as repo from "./repo";
import type { TPromptQuery } from "./schema";

export const listPromptSets = (db: Db) => repo.listPromptSets(db);
export const promptSetFacets = (db: Db, promptSetId: string) => repo.promptSetFacets(db, promptSetId);

/** A page of prompts, a conversation's earlier turns read back as turns. */
export async function listPrompts(db: Db, q: TPromptQuery) {
  const { total, prompts } = await repo.listPrompts(db, q);
  return { total, prompts: prompts.map(({ conversation, ...p }) => ({ ...p, conversation: readStoredConversation(conversation) })) };
}
