import { byteRange } from "@/server/attachments/domain/byte-range";
import { readAttachment } from "@/server/attachments/service";
import { pageSession } from "@/server/web/page-session";
import { db } from "@/server/db";

export const dynamic = "force-dynamic";

// Images and audio by opaque id, with Range support so that players can seek (Safari refuses to
// play audio from a server that ignores Range).
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession();
  if (session.status !== "ok") return new Response("Please log in.", { status: 401 });
  const file = await readAttachment(db(), session.user, (await params).id);
  if (!file) return new Response("Not found.", { status: 404 });
  const size = file.data.length;
  const headers: Record<string, string> = {
    "Content-Type": file.inline ? file.mimeType : "application/octet-stream",
    "Content-Disposition": file.inline ? "inline" : "attachment",
    "Accept-Ranges": "bytes",
    // Not kept after logout: a shared computer's cache must not hold another grader's images.
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  const range = byteRange(req.headers.get("range"), size);
  if (range.kind === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  if (range.kind === "partial") {
    return new Response(new Uint8Array(file.data.subarray(range.start, range.end + 1)), { status: 206,
      headers: { ...headers, "Content-Range": `bytes ${range.start}-${range.end}/${size}`, "Content-Length": String(range.end - range.start + 1) } });
  }
  return new Response(new Uint8Array(file.data), { headers: { ...headers, "Content-Length": String(size) } });
}
