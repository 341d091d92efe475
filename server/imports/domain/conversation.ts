// A prompt that is a conversation: the `messages` field of a material row, in the common chat
// format (a list of { role, content }, as OpenAI's and most chat APIs take it). The last message is
// the user turn the models answered; the ones before it are the context the grader reads first.
// Content is text, or a list of text parts ({ type: "text", text }); a turn's images are not
// supported yet, and the final turn's images go in the row's `images` field as for any prompt.
import { z } from "zod";

export const TURN_ROLES = ["system", "user", "assistant"] as const;
export type TurnRole = (typeof TURN_ROLES)[number];

/** One earlier turn, as stored (Prompt.conversation) and as the grader receives it. */
export interface Turn {
  role: TurnRole;
  content: string;
}

export const MAX_TURNS = 200;
const MAX_TURN_CHARS = 100_000;

/** Stored turns, checked again when read back (the column is JSON text). */
export const ZStoredTurns = z.array(z.object({ role: z.enum(TURN_ROLES), content: z.string() }));

export type ParsedConversation =
  | { ok: true; context: Turn[]; finalUserTurn: string }
  | { ok: false; problem: string };

function contentText(content: unknown, where: string): string | { problem: string } {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return { problem: `${where}: content must be text or a list of text parts` };
  const texts: string[] = [];
  for (const part of content) {
    const p = part as { type?: unknown; text?: unknown } | null;
    if (p && typeof p === "object" && p.type === "text" && typeof p.text === "string") texts.push(p.text);
    else if (p && typeof p === "object" && (p.type === "image_url" || p.type === "image")) {
      return { problem: `${where}: images inside messages are not supported yet; put the final turn's images in the images field` };
    } else return { problem: `${where}: each content part must be { "type": "text", "text": "…" }` };
  }
  return texts.join("\n\n");
}

/**
 * Reads a row's `messages`: a JSON array (JSON Lines) or the same array as JSON text (CSV).
 * Returns the earlier turns and the final user turn, or what is wrong, naming the message.
 */
export function parseConversation(value: unknown): ParsedConversation {
  let messages = value;
  if (typeof value === "string") {
    try {
      messages = JSON.parse(value);
    } catch {
      return { ok: false, problem: 'must be a JSON list of messages such as [{"role":"user","content":"…"}]' };
    }
  }
  if (!Array.isArray(messages)) return { ok: false, problem: 'must be a list of messages such as [{"role":"user","content":"…"}]' };
  if (messages.length === 0) return { ok: false, problem: "has no messages" };
  if (messages.length > MAX_TURNS) return { ok: false, problem: `has ${messages.length} messages; at most ${MAX_TURNS}` };
  const turns: Turn[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as { role?: unknown; content?: unknown } | null;
    const where = `message ${i + 1}`;
    if (!m || typeof m !== "object" || Array.isArray(m)) return { ok: false, problem: `${where} must be an object with role and content` };
    if (typeof m.role !== "string" || !(TURN_ROLES as readonly string[]).includes(m.role)) {
      return { ok: false, problem: `${where}: role must be one of ${TURN_ROLES.join(", ")}, got ${JSON.stringify(m.role ?? null).slice(0, 40)}` };
    }
    if (m.role === "system" && i > 0) return { ok: false, problem: `${where}: a system message can only come first` };
    const text = contentText(m.content, where);
    if (typeof text !== "string") return { ok: false, problem: text.problem };
    if (!text.trim()) return { ok: false, problem: `${where}: content is empty` };
    if (text.length > MAX_TURN_CHARS) return { ok: false, problem: `${where}: content is longer than ${MAX_TURN_CHARS} characters` };
    turns.push({ role: m.role as TurnRole, content: text });
  }
  const last = turns[turns.length - 1];
  if (last.role !== "user") return { ok: false, problem: `the last message must be the user turn the responses answer, not ${last.role}` };
  return { ok: true, context: turns.slice(0, -1), finalUserTurn: last.content };
}

/** The stored form of a prompt's earlier turns: JSON text, or null for a single-turn prompt. */
export const storedConversation = (context: Turn[]): string | null => (context.length ? JSON.stringify(context) : null);

/**
 * Turns read back from storage (checked at import). One that does not read back is an error: a
 * grader shown the last turn without its context would judge something else than was meant.
 */
export function readStoredConversation(stored: unknown): Turn[] | null {
  if (stored === null || stored === undefined || stored === "") return null;
  const parsed = typeof stored === "string" ? ZStoredTurns.safeParse(safeJson(stored)) : null;
  if (!parsed?.success) throw new Error("a prompt's stored conversation does not read back as a list of turns");
  return parsed.data.length ? parsed.data : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
