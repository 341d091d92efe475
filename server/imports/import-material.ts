// Imports study material — prompts, their images and each model's response — from CSV or JSON
// Lines into a prompt set: all or nothing, and re-importing a file updates rather than duplicates.
import { createHash } from "node:crypto";
import path from "node:path";
import { recordAudit } from "../audit/repo";
import type { Db } from "../db/client";
import { ImportRejected, ProblemList, type ImportProblem } from "./domain/import-error";
import { MAX_IMAGE_BYTES, sniffImageType } from "./domain/image-type";
import { parseMaterialRow, type MaterialRow } from "./domain/material-row";
import type { ImageSource } from "./image-source";
import type { ImportProgress } from "./import-judgments";
import { readRows } from "./read-rows";
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
  images: string[] | null;
  models: Set<string>;
}

export interface LoadedImage {
  fileName: string;
  mimeType: string;
  data: Buffer;
  sha256: string;
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
  image: LoadedImage;
}

function loadImage(ref: string, source: ImageSource, line: number, problems: ImportProblem[], field = "images"): LoadedImage | null {
  let data: Buffer;
  let fileName: string;
  if (ref.startsWith("data:")) {
    const m = /^data:([\w/+.-]*)(;base64)?,(.*)$/s.exec(ref);
    if (!m || !m[2]) {
      problems.push({ line, field, message: "a data: URI must be base64-encoded" });
      return null;
    }
    data = Buffer.from(m[3], "base64");
    fileName = `image-${line}`;
  } else {
    if (/^[a-z]+:\/\//i.test(ref)) {
      problems.push({ line, field, message: `"${ref.slice(0, 80)}" is a URL; images must be files next to the import or data: URIs (nothing is downloaded)` });
      return null;
    }
    const loaded = source.load(ref);
    if ("problem" in loaded) {
      problems.push({ line, field, message: loaded.problem });
      return null;
    }
    ({ data, fileName } = loaded);
  }
  if (data.length > MAX_IMAGE_BYTES) {
    problems.push({ line, field, message: `image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` });
    return null;
  }
  const mimeType = sniffImageType(data);
  if (!mimeType) {
    problems.push({ line, field, message: `${fileName} is not a PNG, JPEG, GIF or WebP image (checked by content)` });
    return null;
  }
  return { fileName, mimeType, data, sha256: createHash("sha256").update(data).digest("hex") };
}

export async function importMaterial(
  db: Db, file: string,
  opts: { promptSet?: string; actorId?: string | null; onProgress?: (p: ImportProgress) => void; images: ImageSource; displayName?: string },
): Promise<MaterialImportSummary> {
  const setName = (opts.promptSet ?? path.basename(file).replace(/\.[^.]+$/, "")).trim();
  const problems = new ProblemList();
  const prompts = new Map<string, PlannedPrompt>();
  const models = new Set<string>();
  const images = new Map<string, LoadedImage[]>();
  const turnImages = new Map<string, TurnImage[]>();
  // Each response's images (an image model's output), by `${prompt_id}|${model}`.
  const outputImages = new Map<string, LoadedImage[]>();
  let rows = 0;
  for await (const { line, fields } of readRows(file, (r, t) => opts.onProgress?.({ phase: "checking", bytesRead: r, totalBytes: t }))) {
    const { row, problems: rowProblems } = parseMaterialRow(fields, line);
    rowProblems.forEach((p) => problems.add(p));
    if (!row) continue;
    const textHash = createHash("sha256").update(row.prompt).digest("hex");
    const hasTurnImages = row.contextImages.some((x) => x.length > 0);
    const conversation = row.context.length ? JSON.stringify([row.context, row.contextImages]) : "";
    const p = prompts.get(row.promptId);
    const local: ImportProblem[] = [];
    if (!p) {
      prompts.set(row.promptId, { line, textHash, conversation, hasTurnImages, locale: row.locale, category: row.category, modality: row.modality, images: row.images.length ? row.images : null, models: new Set([row.model]) });
    } else {
      if (p.textHash !== textHash) local.push({ line, field: "prompt", message: `prompt ${row.promptId} has different text on line ${p.line}` });
      // Every model answered the same conversation: its earlier turns must agree on every row.
      if (p.conversation !== conversation) {
        local.push({ line, field: "messages", message: `prompt ${row.promptId} has ${p.conversation ? "other earlier turns" : "no earlier turns"} on line ${p.line}` });
      }
      for (const [field, a, b] of [["locale", p.locale, row.locale], ["category", p.category, row.category], ["modality", p.modality, row.modality]] as const) {
        if (a !== b) local.push({ line, field, message: `prompt ${row.promptId} is ${a} on line ${p.line}, ${b} here` });
      }
      if (row.images.length && p.images && row.images.join("|") !== p.images.join("|")) local.push({ line, field: "images", message: `prompt ${row.promptId} lists other images on line ${p.line}` });
      if (row.images.length && !p.images) p.images = row.images;
      if (p.models.has(row.model)) local.push({ line, field: "model", message: `prompt ${row.promptId} already has a response from ${row.model}` });
      p.models.add(row.model);
    }
    if (row.images.length && !images.has(row.promptId)) {
      const loaded = row.images.map((ref) => loadImage(ref, opts.images, line, local));
      if (loaded.every(Boolean)) images.set(row.promptId, loaded as LoadedImage[]);
    }
    if (row.responseImages.length) {
      const loaded = row.responseImages.map((ref) => loadImage(ref, opts.images, line, local, "response_images"));
      if (loaded.every(Boolean)) outputImages.set(`${row.promptId}|${row.model}`, loaded as LoadedImage[]);
    }
    if (hasTurnImages && !turnImages.has(row.promptId)) {
      const loaded = row.contextImages.flatMap((refs, turn) => refs.map((ref) => ({ turn, image: loadImage(ref, opts.images, line, local, "messages") })));
      if (loaded.every((x) => x.image)) turnImages.set(row.promptId, loaded as TurnImage[]);
    }
    local.forEach((x) => problems.add(x));
    if (local.length === 0) {
      rows++;
      models.add(row.model);
    }
  }
  for (const [id, p] of prompts) if (p.modality === "IMAGE" && !p.images && !p.hasTurnImages) problems.add({ line: p.line, field: "images", message: `image prompt ${id} has no images` });
  if (!setName) problems.add({ line: 1, field: "prompt set", message: "needs a name" });
  if (rows === 0 && problems.total === 0) problems.add({ line: 1, field: "file", message: "has no rows" });
  if (problems.total > 0) throw new ImportRejected(opts.displayName ?? file, problems.listed, problems.total);

  await db.$transaction(async (tx) => {
    await repo.ensureLocales(tx, [...new Set([...prompts.values()].map((p) => p.locale))]);
    const modelIds = await repo.ensureModels(tx, [...models]);
    const set = await repo.ensurePromptSet(tx, setName, opts.actorId ?? null);
    const pending: MaterialRow[] = [];
    const write = () => repo.upsertMaterialBatch(tx, set.id, pending.splice(0), modelIds, images, turnImages, outputImages);
    for await (const { line, fields } of readRows(file, (r, t) => opts.onProgress?.({ phase: "writing", bytesRead: r, totalBytes: t }))) {
      pending.push(parseMaterialRow(fields, line).row!);
      if (pending.length >= 1000) await write();
    }
    await write();
    await recordAudit(tx, { actorId: opts.actorId ?? null, action: "import.material", entityType: "PromptSet", entityId: set.id,
      details: { file: opts.displayName ?? path.basename(file), rows, prompts: prompts.size } });
  }, { timeout: 60 * 60_000, maxWait: 60_000 });
  return { promptSet: setName, rows, prompts: prompts.size, models: [...models].sort() };
}
