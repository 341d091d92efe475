// One row of a study-material file: a prompt and one model's response to it.
import { LOCALE_PATTERN, RowReader, type Fields } from "./fields";
import type { ImportProblem } from "./import-error";
import { splitImages } from "./image-type";
import { parseConversation, type Turn } from "./conversation";

export const MATERIAL_COLUMNS = ["prompt_id", "prompt", "locale", "category", "modality", "images", "model", "response", "response_images", "messages"];

export interface MaterialRow {
  line: number;
  promptId: string;
  prompt: string;
  locale: string;
  category: string;
  modality: "TEXT" | "IMAGE";
  images: string[];
  model: string;
  /** the response's text; may be empty when it is images */
  response: string;
  /** images the model made (image generation or editing), paths or data: URIs as in `images` */
  responseImages: string[];
  /** earlier turns of a conversation (empty for a single-turn prompt); `prompt` is then its last user turn */
  context: Turn[];
  /** image references of each earlier turn, parallel to `context` */
  contextImages: string[][];
}

export function parseMaterialRow(fields: Fields, line: number): { row: MaterialRow | null; problems: ImportProblem[] } {
  const r = new RowReader(fields, line);
  const promptId = r.text("prompt_id", { required: true, max: 200 });
  // A conversation (`messages`) carries its own final user turn; `prompt` may then be left out, or
  // must repeat that turn.
  const hasMessages = fields.messages !== undefined && fields.messages !== null && fields.messages !== "";
  const conversation = hasMessages ? parseConversation(fields.messages) : null;
  if (conversation && !conversation.ok) r.problem("messages", conversation.problem);
  const given = r.text("prompt", { required: !hasMessages, max: 100_000 });
  const finalTurn = conversation?.ok ? conversation.finalUserTurn : null;
  if (finalTurn !== null && given && given !== finalTurn.trim()) r.problem("prompt", "differs from the last user message of messages; give one or the other");
  const prompt = finalTurn ?? given;
  const locale = r.text("locale", { required: true });
  if (locale && !LOCALE_PATTERN.test(locale)) r.problem("locale", `"${locale}" is not a BCP 47 tag such as en-US`);
  const category = r.text("category", { required: true, max: 80 });
  const modality = r.oneOf("modality", ["text", "image"] as const);
  const listed = splitImages(fields.images);
  if (listed === null) r.problem("images", 'must be paths or data: URIs separated by "|" (CSV) or a list of strings (JSON Lines)');
  // The final turn's images come from `images` or from the last message's image parts, not both.
  const fromMessages = conversation?.ok ? conversation.finalImages : [];
  if (fromMessages.length && listed?.length) r.problem("images", "the last message has images too; give the final turn's images in one place");
  const images = fromMessages.length ? fromMessages : listed ?? [];
  const contextImages = conversation?.ok ? conversation.contextImages : [];
  if (modality === "text" && images.length) r.problem("images", "a text prompt has no images; use modality image");
  if (modality === "text" && contextImages.some((x) => x.length)) r.problem("messages", "has images in earlier turns; use modality image");
  const model = r.text("model", { required: true, max: 120 });
  // A response is text, images (an image model's output), or both.
  const listedOutputs = splitImages(fields.response_images);
  if (listedOutputs === null) r.problem("response_images", 'must be paths or data: URIs separated by "|" (CSV) or a list of strings (JSON Lines)');
  const responseImages = listedOutputs ?? [];
  if (responseImages.length > 20) r.problem("response_images", `lists ${responseImages.length} images; at most 20`);
  const response = r.text("response", { required: responseImages.length === 0 && listedOutputs !== null, max: 200_000 });
  if (r.problems.length || !modality) return { row: null, problems: r.problems };
  const context = conversation?.ok ? conversation.context : [];
  return { row: { line, promptId, prompt, locale, category, modality: modality === "image" ? "IMAGE" : "TEXT", images, model, response, responseImages, context, contextImages },
    problems: [] };
}
