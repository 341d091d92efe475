// A prompt that is a conversation: the `messages` field of a material row, in the common chat
// format (a list of { role, content }, as OpenAI's and most chat APIs take it). The last message is
// the user turn the models answered; the ones before it are the context the grader reads first.
// Content is text, or a list of parts: text ({ type: "text", text }) and images ({ type:
// "image_url", image_url: { url } }, the url a file next to the material or a data: URI, as in the
// `images` field). Images of earlier turns are stored with their turn; the final turn's are the
// prompt's images.
export const TURN_ROLES = ["system", "user", "assistant"] as const;
export type TurnRole = (typeof TURN_ROLES)[number];

/** One earlier turn, as stored (Prompt.conversation) and as the grader receives it. */
export interface Turn {
  role: TurnRole;
  content: string;
}

export const MAX_TURNS = 200;
const MAX_TURN_CHARS = 100_000;

/** Whether a value read back from the column is a list of turns. */
const isTurnList = (v: unknown): v is Turn[] =>
  Array.isArray(v) && v.every((t) => t !== null && typeof t === "object" && (TURN_ROLES as readonly unknown[]).includes((t as Turn).role)
    && typeof (t as Turn).content === "string");

export type ParsedConversation =
  | { ok: true; context: Turn[]; finalUserTurn: string; contextImages: string[][]; finalImages: string[] }
  | { ok: false; problem: string };

export const MAX_TURN_IMAGES = 20;

/** A part's image reference: { type: "image_url", image_url: { url } } (or image_url as the string itself). */
function imageRef(p: { image_url?: unknown }): string | null {
  const v = p.image_url;
  if (typeof v === "string") return v;
  if (v && typeof v === "object" && typeof (v as { url?: unknown }).url === "string") return (v as { url: string }).url;
  return null;
}

function contentOf(content: unknown, where: string): { text: string; images: string[] } | { problem: string } {
  if (typeof content === "string") return { text: content, images: [] };
  if (!Array.isArray(content)) return { problem: `${where}: content must be text or a list of parts` };
  const texts: string[] = [];
  const images: string[] = [];
  for (const part of content) {
    const p = part as { type?: unknown; text?: unknown; image_url?: unknown } | null;
    if (p && typeof p === "object" && p.type === "text" && typeof p.text === "string") texts.push(p.text);
    else if (p && typeof p === "object" && p.type === "image_url") {
      const ref = imageRef(p);
      if (!ref?.trim()) return { problem: `${where}: an image part needs image_url.url (a file next to the material or a data: URI)` };
      images.push(ref.trim());
    } else return { problem: `${where}: each content part must be { "type": "text", "text": "…" } or { "type": "image_url", "image_url": { "url": "…" } }` };
  }
  if (images.length > MAX_TURN_IMAGES) return { problem: `${where}: has ${images.length} images; at most ${MAX_TURN_IMAGES}` };
  return { text: texts.join("\n\n"), images };
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
  const images: string[][] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as { role?: unknown; content?: unknown } | null;
    const where = `message ${i + 1}`;
    if (!m || typeof m !== "object" || Array.isArray(m)) return { ok: false, problem: `${where} must be an object with role and content` };
    if (typeof m.role !== "string" || !(TURN_ROLES as readonly string[]).includes(m.role)) {
      return { ok: false, problem: `${where}: role must be one of ${TURN_ROLES.join(", ")}, got ${JSON.stringify(m.role ?? null).slice(0, 40)}` };
    }
    if (m.role === "system" && i > 0) return { ok: false, problem: `${where}: a system message can only come first` };
    const content = contentOf(m.content, where);
    if ("problem" in content) return { ok: false, problem: content.problem };
    if (!content.text.trim()) return { ok: false, problem: `${where}: content has no text` };
    if (content.text.length > MAX_TURN_CHARS) return { ok: false, problem: `${where}: content is longer than ${MAX_TURN_CHARS} characters` };
    turns.push({ role: m.role as TurnRole, content: content.text });
    images.push(content.images);
  }
  const last = turns[turns.length - 1];
  if (last.role !== "user") return { ok: false, problem: `the last message must be the user turn the responses answer, not ${last.role}` };
  return { ok: true, context: turns.slice(0, -1), finalUserTurn: last.content, contextImages: images.slice(0, -1), finalImages: images[images.length - 1] };
}

/** The stored form of a prompt's earlier turns: JSON text, or null for a single-turn prompt. */
export const storedConversation = (context: Turn[]): string | null => (context.length ? JSON.stringify(context) : null);

/**
 * Turns read back from storage (checked at import). One that does not read back is an error: a
 * grader shown the last turn without its context would judge something else than was meant.
 */
export function readStoredConversation(stored: unknown): Turn[] | null {
  if (stored === null || stored === undefined || stored === "") return null;
  const parsed = typeof stored === "string" ? safeJson(stored) : undefined;
  if (!isTurnList(parsed)) throw new Error("a prompt's stored conversation does not read back as a list of turns");
  return parsed.length ? parsed.map(({ role, content }) => ({ role, content })) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
