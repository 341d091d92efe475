import { db } from "@/server/db";
import { databaseTroubleMessage } from "@/server/db/unavailable";
import { ImportRejected } from "@/server/imports/domain/import-error";
import { ImportFileError } from "@/server/imports/read-rows";
import { importUpload, receiveUpload } from "@/server/imports/upload-import";
import type { ImportProgress } from "@/server/imports/import-judgments";
import { throttledProgress } from "@/server/imports/domain/progress-throttle";
import { guardApi } from "@/server/web/api-guard";

export const dynamic = "force-dynamic";

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
  try {
    name = decodeURIComponent(req.headers.get("x-file-name") ?? "");
  } catch {
    return Response.json({ error: "The X-File-Name header is not valid percent-encoded text (encode the file name with encodeURIComponent)." }, { status: 400 });
  }
  const received = await receiveUpload(kind, name, req.body, Number(req.headers.get("content-length") ?? 0));
  if (!received.ok) return Response.json({ error: received.message }, { status: received.status });

  const promptSet = new URL(req.url).searchParams.get("promptSet") ?? undefined;
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    async start(controller) {
      const send = (o: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(o)}\n`));
      const onProgress = throttledProgress((p: ImportProgress) => send({ type: "progress", ...p }), 250, Date.now);
      try {
        send({ type: "done", summary: await importUpload(db(), kind, received.upload, { promptSet, actorId: guard.user.id, onProgress }) });
      } catch (e) {
        if (e instanceof ImportRejected) send({ type: "rejected", message: `${name}: ${e.total} problem${e.total === 1 ? "" : "s"}; nothing was imported.`, problems: e.problems, total: e.total });
        // The message is the one problem (file and line): there is no list, and nothing "more" to count.
        else if (e instanceof ImportFileError) send({ type: "rejected", message: e.message });
        else {
          console.error("import failed", e);
          send({ type: "error", message: databaseTroubleMessage(e) ?? "The import failed on the server; nothing was stored." });
        }
      } finally {
        controller.close();
      }
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" } });
}
