import { randomUUID } from "node:crypto";
import { createWriteStream, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { db } from "@/server/db";
import { databaseTroubleMessage } from "@/server/db/unavailable";
import { ImportRejected } from "@/server/imports/domain/import-error";
import { importJudgments } from "@/server/imports/import-judgments";
import { NO_IMAGE_FILES } from "@/server/imports/image-source";
import { importMaterial } from "@/server/imports/import-material";
import { openBundle } from "@/server/imports/upload-bundle";
import { fileFormat, ImportFileError } from "@/server/imports/read-rows";
import { guardApi } from "@/server/web/api-guard";

export const dynamic = "force-dynamic";
const MAX_UPLOAD_BYTES = 1024 ** 3;

/**
 * Uploads a material or judgments file and imports it. The response is a stream of JSON lines:
 * progress while the file is checked and written, then one line with the result or the problems.
 */
export async function POST(req: Request, { params }: { params: Promise<{ kind: string }> }) {
  const guard = await guardApi(req, "research");
  if ("response" in guard) return guard.response;
  const { kind } = await params;
  if (kind !== "material" && kind !== "judgments") return Response.json({ error: `Unknown import "${kind}".` }, { status: 404 });
  let name: string;
  let ext: string;
  try {
    name = decodeURIComponent(req.headers.get("x-file-name") ?? "");
  } catch {
    return Response.json({ error: "The X-File-Name header is not valid percent-encoded text (encode the file name with encodeURIComponent)." }, { status: 400 });
  }
  // Study material with images comes as a .zip bundle; the server never reads image paths from its own disk for an upload.
  const bundle = kind === "material" && /\.zip$/i.test(name);
  try {
    ext = bundle ? ".zip" : fileFormat(name) === "csv" ? ".csv" : ".jsonl";
  } catch (e) {
    return Response.json({ error: (e as Error).message }, { status: 400 });
  }
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_UPLOAD_BYTES) return Response.json({ error: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 ** 2} MB.` }, { status: 413 });
  if (!req.body) return Response.json({ error: "The upload is empty." }, { status: 400 });

  const file = path.join(os.tmpdir(), `verdict-upload-${randomUUID()}${ext}`);
  let received = 0;
  try {
    await pipeline(Readable.fromWeb(req.body as import("node:stream/web").ReadableStream), async function* (source) {
      for await (const chunk of source) {
        received += chunk.length;
        if (received > MAX_UPLOAD_BYTES) throw new Error("too large");
        yield chunk;
      }
    }, createWriteStream(file));
  } catch {
    rmSync(file, { force: true });
    return Response.json({ error: `The upload failed or exceeded ${MAX_UPLOAD_BYTES / 1024 ** 2} MB.` }, { status: 400 });
  }

  const promptSet = new URL(req.url).searchParams.get("promptSet")?.trim() || name.replace(/\.[^.]+$/, "");
  // A bundle's material file, once unpacked: its temp path and the name messages give it.
  let unpacked: { path: string; shownAs: string } | null = null;
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    async start(controller) {
      const send = (o: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(o)}\n`));
      let last = 0;
      const onProgress = (p: { phase: string; bytesRead: number; totalBytes: number }) => {
        if (Date.now() - last > 250 || p.bytesRead === p.totalBytes) {
          last = Date.now();
          send({ type: "progress", ...p });
        }
      };
      try {
        let summary;
        if (kind === "material" && bundle) {
          const opened = openBundle(readFileSync(file), name);
          unpacked = { path: `${file}-material${path.extname(opened.material.name).toLowerCase()}`, shownAs: opened.displayName };
          writeFileSync(unpacked.path, opened.material.data);
          summary = await importMaterial(db(), unpacked.path, { promptSet, actorId: guard.user.id, onProgress, images: opened.images, displayName: opened.displayName });
        } else if (kind === "material") {
          summary = await importMaterial(db(), file, { promptSet, actorId: guard.user.id, onProgress, images: NO_IMAGE_FILES, displayName: name });
        } else {
          summary = await importJudgments(db(), file, { actorId: guard.user.id, onProgress });
        }
        send({ type: "done", summary });
      } catch (e) {
        if (e instanceof ImportRejected) send({ type: "rejected", message: `${name}: ${e.total} problem${e.total === 1 ? "" : "s"}; nothing was imported.`, problems: e.problems, total: e.total });
        else if (e instanceof ImportFileError) {
          const message = (unpacked ? e.message.replaceAll(unpacked.path, unpacked.shownAs) : e.message).replaceAll(file, name);
          send({ type: "rejected", message, problems: [], total: 1 });
        }
        else {
          console.error("import failed", e);
          send({ type: "error", message: databaseTroubleMessage(e) ?? "The import failed on the server; nothing was stored." });
        }
      } finally {
        rmSync(file, { force: true });
        if (unpacked) rmSync(unpacked.path, { force: true });
        controller.close();
      }
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" } });
}
