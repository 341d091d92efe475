// Imports study material — prompts, their images and each model's response — from CSV or JSON
// Lines into a prompt set: all or nothing, and re-importing a file updates rather than duplicates.
import { createHash } from "node:crypto";
import path from "node:path";
import { recordAudit } from "../audit/repo";
import type { Db } from "../db/client";
import { ImportRejected, ProblemList, type ImportProblem } from "./domain/import-error";
import { AUDIO_FORMAT_NAMES, MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS, sniffAudioType } from "./domain/audio-type";
import { MAX_IMAGE_BYTES, sniffImageType } from "./domain/image-type";
import { readAudioInfo } from "./read-audio-info";
import { parseMaterialRow, type MaterialRow } from "./domain/material-row";
import type { ImageSource } from "./image-source";
import type { ImportProgress } from "./import-judgments";
import { readRows } from "./read-rows";
import { IdBlocks } from "../db/id-blocks";
import * as repo from "./repo";

interface PlannedPrompt {
  line: number;
  textHash: string;
  /** the earlier turns with their image references ("" for a single-turn prompt) */
  conversation: string;
  hasTurnImages: boolean;
  locale: string;
  category: string;
  modality: MaterialRow["modality"];
  /** the prompt's images or audio clips (its modality says which), from the first row that lists them */
  images: string[] | null;
  models: Set<string>;
}

export interface LoadedMedia {
  fileName: string;
  mimeType: string;
  data: Buffer;
  sha256: string;
  /** audio only */
  durationMs?: number;
}

export interface MaterialImportSummary {
  promptSet: string;
  rows: number;
  prompts: number;
  models: string[];
}

/** An image of an earlier turn of a conversation: which turn, and the image. */
export interface TurnImage {
  turn: number;
  image: LoadedMedia;
}

type MediaKindLoaded = "image" | "audio";

/** Reads a referenced file (or data: URI) and checks it is what the column says, by content. */
async function loadMedia(kind: MediaKindLoaded, ref: string, source: ImageSource, line: number, problems: ImportProblem[], field: string): Promise<LoadedMedia | null> {
  let data: Buffer;
  let fileName: string;
  if (ref.startsWith("data:")) {
    const m = /^data:([\w/+.-]*)(;base64)?,(.*)$/s.exec(ref);
    if (!m || !m[2]) {
      problems.push({ line, field, message: "a data: URI must be base64-encoded" });
      return null;
    }
    data = Buffer.from(m[3], "base64");
    fileName = `${kind}-${line}`;
  } else {
    if (/^[a-z]+:\/\//i.test(ref)) {
      problems.push({ line, field, message: `"${ref.slice(0, 80)}" is a URL; ${kind === "image" ? "images" : "audio clips"} must be files next to the import or data: URIs (nothing is downloaded)` });
      return null;
    }
    const loaded = source.load(ref);
    if ("problem" in loaded) {
      problems.push({ line, field, message: loaded.problem });
      return null;
    }
    ({ data, fileName } = loaded);
  }
  const sha256 = createHash("sha256").update(data).digest("hex");
  if (kind === "image") {
    if (data.length > MAX_IMAGE_BYTES) {
      problems.push({ line, field, message: `${fileName} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` });
      return null;
    }
    const mimeType = sniffImageType(data);
    if (!mimeType) {
      problems.push({ line, field, message: `${fileName} is not a PNG, JPEG, GIF or WebP image (checked by content)` });
      return null;
    }
    return { fileName, mimeType, data, sha256 };
  }
  if (data.length > MAX_AUDIO_BYTES) {
    problems.push({ line, field, message: `${fileName} is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB` });
    return null;
  }
  const mimeType = sniffAudioType(data);
  if (!mimeType) {
    problems.push({ line, field, message: `${fileName} is not ${AUDIO_FORMAT_NAMES} audio (checked by content)` });
    return null;
  }
  const info = await readAudioInfo(data, mimeType);
  if ("problem" in info) {
    problems.push({ line, field, message: `${fileName} ${info.problem}` });
    return null;
  }
  if (info.durationMs > MAX_AUDIO_SECONDS * 1000) {
    problems.push({ line, field, message: `${fileName} lasts ${Math.round(info.durationMs / 1000)} s; at most ${MAX_AUDIO_SECONDS / 60} minutes` });
    return null;
  }
  return { fileName, mimeType, data, sha256, durationMs: info.durationMs };
}

async function loadAll(kind: MediaKindLoaded, refs: string[], source: ImageSource, line: number, problems: ImportProblem[], field: string): Promise<LoadedMedia[] | null> {
  const loaded: (LoadedMedia | null)[] = [];
  for (const ref of refs) loaded.push(await loadMedia(kind, ref, source, line, problems, field));
  return loaded.every(Boolean) ? (loaded as LoadedMedia[]) : null;
}

/** A row's prompt media: its images, or its audio clips (a row cannot list both: modality decides). */
const mediaOf = (row: MaterialRow): string[] | null => (row.images.length ? row.images : row.audio.length ? row.audio : null);

export async function importMaterial(
  db: Db, file: string,
  opts: { promptSet?: string; actorId?: string | null; onProgress?: (p: ImportProgress) => void; images: ImageSource; displayName?: string },
): Promise<MaterialImportSummary> {
  const setName = (opts.promptSet ?? path.basename(file).replace(/\.[^.]+$/, "")).trim();
  const problems = new ProblemList();
  const prompts = new Map<string, PlannedPrompt>();
  const models = new Set<string>();
  const images = new Map<string, LoadedMedia[]>();
  const turnImages = new Map<string, TurnImage[]>();
  // Each response's images (an image model's output), by `${prompt_id}|${model}`.
  const outputImages = new Map<string, LoadedMedia[]>();
  let rows = 0;
  for await (const { line, fields } of readRows(file, (r, t) => opts.onProgress?.({ phase: "checking", done: r, total: t }))) {
    const { row, problems: rowProblems } = parseMaterialRow(fields, line);
    rowProblems.forEach((p) => problems.add(p));
    if (!row) continue;
    const textHash = createHash("sha256").update(row.prompt).digest("hex");
    const hasTurnImages = row.contextImages.some((x) => x.length > 0);
    const conversation = row.context.length ? JSON.stringify([row.context, row.contextImages]) : "";
    const p = prompts.get(row.promptId);
    const local: ImportProblem[] = [];
    if (!p) {
      prompts.set(row.promptId, { line, textHash, conversation, hasTurnImages, locale: row.locale, category: row.category, modality: row.modality, images: mediaOf(row), models: new Set([row.model]) });
    } else {
      if (p.textHash !== textHash) local.push({ line, field: "prompt", message: `prompt ${row.promptId} has different text on line ${p.line}` });
      // Every model answered the same conversation: its earlier turns must agree on every row.
      if (p.conversation !== conversation) {
        local.push({ line, field: "messages", message: `prompt ${row.promptId} has ${p.conversation ? "other earlier turns" : "no earlier turns"} on line ${p.line}` });
      }
      for (const [field, a, b] of [["locale", p.locale, row.locale], ["category", p.category, row.category], ["modality", p.modality, row.modality]] as const) {
        if (a !== b) local.push({ line, field, message: `prompt ${row.promptId} is ${a} on line ${p.line}, ${b} here` });
      }
      const media = mediaOf(row);
      const field = row.audio.length ? "audio" : "images";
      if (media && p.images && media.join("|") !== p.images.join("|")) local.push({ line, field, message: `prompt ${row.promptId} lists other ${field === "audio" ? "audio" : "images"} on line ${p.line}` });
      if (media && !p.images) p.images = media;
      if (p.models.has(row.model)) local.push({ line, field: "model", message: `prompt ${row.promptId} already has a response from ${row.model}` });
      p.models.add(row.model);
    }
    // The prompt's media (images or audio) are read once, from its first row that lists them.
    if (!images.has(row.promptId)) {
      const promptMedia = row.images.length ? await loadAll("image", row.images, opts.images, line, local, "images")
        : row.audio.length ? await loadAll("audio", row.audio, opts.images, line, local, "audio") : null;
      if (promptMedia) images.set(row.promptId, promptMedia);
    }
    const made = row.responseImages.length ? await loadAll("image", row.responseImages, opts.images, line, local, "response_images")
      : row.responseAudio.length ? await loadAll("audio", row.responseAudio, opts.images, line, local, "response_audio") : null;
    if (made) outputImages.set(`${row.promptId}|${row.model}`, made);
    if (hasTurnImages && !turnImages.has(row.promptId)) {
      const loaded: TurnImage[] = [];
      for (const [turn, refs] of row.contextImages.entries()) {
        for (const ref of refs) {
          const image = await loadMedia("image", ref, opts.images, line, local, "messages");
          if (image) loaded.push({ turn, image });
        }
      }
      if (loaded.length === row.contextImages.flat().length) turnImages.set(row.promptId, loaded);
    }
    local.forEach((x) => problems.add(x));
    if (local.length === 0) {
      rows++;
      models.add(row.model);
    }
  }
  for (const [id, p] of prompts) {
    if (p.modality === "IMAGE" && !p.images && !p.hasTurnImages) problems.add({ line: p.line, field: "images", message: `image prompt ${id} has no images` });
    if (p.modality === "AUDIO" && !p.images) problems.add({ line: p.line, field: "audio", message: `audio prompt ${id} has no audio` });
  }
  if (!setName) problems.add({ line: 1, field: "prompt set", message: "needs a name" });
  if (rows === 0 && problems.total === 0) problems.add({ line: 1, field: "file", message: "has no rows" });
  if (problems.total > 0) throw new ImportRejected(opts.displayName ?? file, problems.listed, problems.total);

  await db.$transaction(async (tx) => {
    await repo.ensureLocales(tx, [...new Set([...prompts.values()].map((p) => p.locale))]);
    const modelIds = await repo.ensureModels(tx, [...models]);
    const set = await repo.ensurePromptSet(tx, setName, opts.actorId ?? null);
    const ids = new IdBlocks(tx);
    const pending: MaterialRow[] = [];
    const write = () => repo.upsertMaterialBatch(tx, ids, set.id, pending.splice(0), modelIds, images, turnImages, outputImages);
    for await (const { line, fields } of readRows(file, (r, t) => opts.onProgress?.({ phase: "writing", done: r, total: t }))) {
      pending.push(parseMaterialRow(fields, line).row!);
      if (pending.length >= 1000) await write();
    }
    await write();
    await repo.settleModalities(tx, set.id);
    await recordAudit(tx, { actorId: opts.actorId ?? null, action: "import.material", entityType: "PromptSet", entityId: set.id,
      details: { file: opts.displayName ?? path.basename(file), rows, prompts: prompts.size } });
  }, { timeout: 60 * 60_000, maxWait: 60_000 });
  return { promptSet: setName, rows, prompts: prompts.size, models: [...models].sort() };
}
