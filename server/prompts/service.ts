import type { Db } from "../db/client";
import { attachmentUrl } from "../attachments/attachment-url";
import { isAudio } from "../attachments/domain/media-type";
import { readStoredConversation } from "../imports/domain/conversation";
import * as repo from "./repo";
import type { TPromptQuery } from "./schema";

export const listPromptSets = (db: Db) => repo.listPromptSets(db);
export const promptSetFacets = (db: Db, promptSetId: string) => repo.promptSetFacets(db, promptSetId);

/**
 * A page of prompts: a conversation's earlier turns read back as turns, each with its images; the
 * prompt's own images are the final turn's.
 */
export async function listPrompts(db: Db, q: TPromptQuery) {
  const { total, prompts } = await repo.listPrompts(db, q);
  return { total, prompts: prompts.map(({ conversation, attachments, responses, ...p }) => ({ ...p,
    attachments: attachments.filter((a) => a.turn === null && !isAudio(a)).map((a) => ({ ...a, url: attachmentUrl(a.id) })),
    audio: attachments.filter(isAudio).map((a) => ({ url: attachmentUrl(a.id), fileName: a.fileName })),
    responses: responses.map(({ attachments: made, ...r }) => ({ ...r,
      images: made.filter((a) => !isAudio(a)).map((a, i) => ({ url: attachmentUrl(a.id), alt: `${r.model.name}, image ${i + 1}` })),
      audio: made.filter(isAudio).map((a) => ({ url: attachmentUrl(a.id) })) })),
    conversation: readStoredConversation(conversation)?.map((t, turn) => ({ ...t,
      images: attachments.filter((a) => a.turn === turn).map((a, i) => ({ url: attachmentUrl(a.id), alt: `Image ${i + 1} of turn ${turn + 1}` })) })) ?? null })) };
}
