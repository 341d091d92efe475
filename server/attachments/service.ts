// Serves stored images and audio by opaque id. Graders only get images of tasks they were assigned, so an
// image URL can neither be guessed into nor reveal anything about the model behind it.
import type { SessionUser } from "../auth/service";
import type { Db } from "../db/client";
import { stripAudioMetadata } from "./domain/strip-audio-metadata";
import { stripImageMetadata } from "./domain/strip-image-metadata";
import * as repo from "./repo";

// Raster formats only: an SVG can carry script and is never served inline.
export const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
export const INLINE_AUDIO_TYPES = new Set(["audio/wav", "audio/mpeg", "audio/ogg", "audio/flac", "audio/mp4", "audio/aac"]);

export async function readAttachment(db: Db, user: SessionUser, id: string) {
  const a = await repo.findAttachment(db, id);
  if (!a) return null;
  if (user.role === "GRADER" && !(await repo.graderMaySee(db, user.id, a))) return null;
  // Served without metadata that could name the model (EXIF, XMP, PNG text; ID3, Vorbis comments,
  // iTunes atoms), to graders and researchers alike.
  const data = INLINE_IMAGE_TYPES.has(a.mimeType) ? stripImageMetadata(Buffer.from(a.data), a.mimeType)
    : INLINE_AUDIO_TYPES.has(a.mimeType) ? stripAudioMetadata(Buffer.from(a.data), a.mimeType) : a.data;
  return { mimeType: a.mimeType, data, inline: INLINE_IMAGE_TYPES.has(a.mimeType) || INLINE_AUDIO_TYPES.has(a.mimeType) };
}
