// One row of a study-material file: a prompt and one model's response to it.
import { LOCALE_PATTERN, RowReader, type Fields } from "./fields";
import type { ImportProblem } from "./import-error";
import { splitImages } from "./image-type";
import { promptKind, responseKind as responseKindOf, type MediaKind } from "../../studies/domain/modality";
import { parseConversation, type Turn } from "./conversation";

export const MATERIAL_COLUMNS = ["prompt_id", "prompt", "locale", "category", "modality", "images", "audio", "model", "response", "response_images", "response_audio", "messages"];

export interface MaterialRow {
  line: number;
  promptId: string;
  prompt: string;
  locale: string;
  category: string;
  /** what the prompt carries; the responses' kind comes from their media (responseKind) */
  modality: MediaKind;
  images: string[];
  /** the prompt's audio clips (a spoken request), paths or data: URIs as in `images` */
  audio: string[];
  model: string;
  /** the response's text; may be empty when it is images */
  response: string;
  /** images the model made (image generation or editing), paths or data: URIs as in `images` */
  responseImages: string[];
  /** audio the model made (a voice), paths or data: URIs */
  responseAudio: string[];
  /** what the response is: audio when it has clips, images when it has images, else text */
  responseKind: MediaKind;
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
  // The prompt's kind (text, image, audio); a full label (text→image) also names the responses'
  // kind, which must then match the media the row gives.
  const label = r.modality("modality");
  const modality = label && promptKind(label);
  const listed = mediaList(r, fields, "images");
  // The final turn's images come from `images` or from the last message's image parts, not both.
  const fromMessages = conversation?.ok ? conversation.finalImages : [];
  if (fromMessages.length && listed.length) r.problem("images", "the last message has images too; give the final turn's images in one place");
  const images = fromMessages.length ? fromMessages : listed;
  const contextImages = conversation?.ok ? conversation.contextImages : [];
  if (modality && modality !== "IMAGE" && images.length) r.problem("images", `a ${modality.toLowerCase()} prompt has no images; use modality image`);
  if (modality && modality !== "IMAGE" && contextImages.some((x) => x.length)) r.problem("messages", "has images in earlier turns; use modality image");
  const audio = mediaList(r, fields, "audio");
  if (modality && modality !== "AUDIO" && audio.length) r.problem("audio", `a ${modality.toLowerCase()} prompt has no audio; use modality audio`);
  const model = r.text("model", { required: true, max: 120 });
  // A response is text, images (an image model's output) or audio (a voice), with or without text.
  const responseImages = mediaList(r, fields, "response_images");
  const responseAudio = mediaList(r, fields, "response_audio");
  if (responseImages.length && responseAudio.length) r.problem("response_audio", "a response is images or audio, not both");
  const responseKind: MediaKind = responseAudio.length ? "AUDIO" : responseImages.length ? "IMAGE" : "TEXT";
  const named = label && responseKindOf(label);
  if (named && named !== "TEXT" && named !== responseKind) {
    r.problem("modality", `says the responses are ${named.toLowerCase()}, but ${named === "IMAGE" ? "response_images" : "response_audio"} is empty`);
  }
  // Text is required only of a response with no media (and not when a media list was unreadable).
  const mediaUnreadable = r.problems.some((p) => p.field === "response_images" || p.field === "response_audio");
  const response = r.text("response", { required: responseKind === "TEXT" && !mediaUnreadable, max: 200_000 });
  if (r.problems.length || !modality) return { row: null, problems: r.problems };
  const context = conversation?.ok ? conversation.context : [];
  return { row: { line, promptId, prompt, locale, category, modality, images, audio, model, response, responseImages, responseAudio, responseKind, context, contextImages },
    problems: [] };
}

/** A list of media files (paths or data: URIs): "a.wav|b.wav" in CSV, a list of strings in JSON Lines; at most 20. */
function mediaList(r: RowReader, fields: Fields, name: string): string[] {
  const listed = splitImages(fields[name]);
  if (listed === null) {
    r.problem(name, 'must be paths or data: URIs separated by "|" (CSV) or a list of strings (JSON Lines)');
    return [];
  }
  if (listed.length > 20) r.problem(name, `lists ${listed.length} files; at most 20`);
  return listed;
}
