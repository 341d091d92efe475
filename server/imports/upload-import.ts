// An uploaded import file, as the browser's Imports page and the REST API receive it: streamed to a
// temporary file (never past the size limit, hashed on the way for idempotency keys), then
// imported — a .zip bundle unpacked first — with messages that name the upload, not the temp path.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Db } from "../db/client";
import { NO_IMAGE_FILES } from "./image-source";
import { importJudgments, type ImportProgress } from "./import-judgments";
import { importMaterial } from "./import-material";
import { fileFormat, ImportFileError } from "./read-rows";
import { openBundle } from "./upload-bundle";

export const MAX_UPLOAD_BYTES = 1024 ** 3;
export type ImportKind = "material" | "judgments";

export interface ReceivedUpload { file: string; name: string; bundle: boolean; sha256: string; bytes: number }

/** Streams the body to a temporary file; a problem is returned with the HTTP status it deserves. */
export async function receiveUpload(kind: ImportKind, name: string, body: ReadableStream | null, declaredLength: number):
  Promise<{ ok: true; upload: ReceivedUpload } | { ok: false; status: number; message: string }> {
  // Study material with images or audio comes as a .zip bundle; an upload never names files on the server's disk.
  const bundle = kind === "material" && /\.zip$/i.test(name);
  let ext: string;
  try {
    ext = bundle ? ".zip" : fileFormat(name) === "csv" ? ".csv" : ".jsonl";
  } catch (e) {
    return { ok: false, status: 400, message: (e as Error).message };
  }
  if (declaredLength > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 ** 2} MB.` };
  if (!body) return { ok: false, status: 400, message: "The upload is empty." };
  const file = path.join(os.tmpdir(), `verdict-upload-${randomUUID()}${ext}`);
  const hash = createHash("sha256");
  let bytes = 0;
  try {
    await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream), async function* (source) {
      for await (const chunk of source) {
        bytes += chunk.length;
        if (bytes > MAX_UPLOAD_BYTES) throw new Error("too large");
        hash.update(chunk);
        yield chunk;
      }
    }, createWriteStream(file));
  } catch {
    rmSync(file, { force: true });
    return { ok: false, status: 400, message: `The upload failed or exceeded ${MAX_UPLOAD_BYTES / 1024 ** 2} MB.` };
  }
  if (bytes === 0) {
    rmSync(file, { force: true });
    return { ok: false, status: 400, message: "The upload is empty." };
  }
  return { ok: true, upload: { file, name, bundle, sha256: hash.digest("hex"), bytes } };
}

/** Imports a received upload, then removes its temporary files. Throws ImportRejected or ImportFileError (naming the upload). */
export async function importUpload(db: Db, kind: ImportKind, upload: ReceivedUpload, opts: { promptSet?: string; actorId: string; onProgress?: (p: ImportProgress) => void }) {
  const promptSet = opts.promptSet?.trim() || upload.name.replace(/\.[^.]+$/, "");
  let unpacked: { path: string; shownAs: string } | null = null;
  try {
    if (kind === "material" && upload.bundle) {
      const opened = openBundle(readFileSync(upload.file), upload.name);
      unpacked = { path: `${upload.file}-material${path.extname(opened.material.name).toLowerCase()}`, shownAs: opened.displayName };
      writeFileSync(unpacked.path, opened.material.data);
      return await importMaterial(db, unpacked.path, { promptSet, actorId: opts.actorId, onProgress: opts.onProgress, images: opened.images, displayName: opened.displayName });
    }
    if (kind === "material") return await importMaterial(db, upload.file, { promptSet, actorId: opts.actorId, onProgress: opts.onProgress, images: NO_IMAGE_FILES, displayName: upload.name });
    return await importJudgments(db, upload.file, { actorId: opts.actorId, onProgress: opts.onProgress });
  } catch (e) {
    if (e instanceof ImportFileError) {
      const shown = unpacked as { path: string; shownAs: string } | null;
      throw new ImportFileError((shown ? e.message.replaceAll(shown.path, shown.shownAs) : e.message).replaceAll(upload.file, upload.name));
    }
    throw e;
  } finally {
    rmSync(upload.file, { force: true });
    if (unpacked) rmSync((unpacked as { path: string }).path, { force: true });
  }
}
