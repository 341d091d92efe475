import { readAttachment } from "@/server/attachments/service";
import { pageSession } from "@/server/web/page-session";
import { db } from "@/server/db";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession();
  if (session.status !== "ok") return new Response("Please log in.", { status: 401 });
  const file = await readAttachment(db(), session.user, (await params).id);
  if (!file) return new Response("Not found.", { status: 404 });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.inline ? file.mimeType : "application/octet-stream",
      "Content-Disposition": file.inline ? "inline" : "attachment",
      // Not kept after logout: a shared computer's cache must not hold another grader's images.
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
