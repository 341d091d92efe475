import { PassThrough, Readable } from "node:stream";
import { db } from "@/server/db";
import { UTF8_BOM } from "@/server/exports/csv";
import { exportJudgmentsCsvById } from "@/server/exports/service";
import { csvHeaders, guardApi } from "@/server/web/api-guard";

export const dynamic = "force-dynamic";

/** Every judgment of the study as CSV, streamed from the database to the response. */
export async function GET(req: Request, { params }: { params: Promise<{ studyId: string }> }) {
  const guard = await guardApi(req, "research");
  if ("response" in guard) return guard.response;
  const { studyId } = await params;
  const name = await exportJudgmentsCsvById.studyName(db(), studyId);
  if (!name) return Response.json({ error: "No such study." }, { status: 404 });
  const body = new PassThrough();
  if (new URL(req.url).searchParams.get("bom") === "1") body.write(UTF8_BOM);
  exportJudgmentsCsvById.run(db(), studyId, body).catch((e) => body.destroy(e));
  return new Response(Readable.toWeb(body) as ReadableStream, { headers: csvHeaders(`${name} judgments.csv`) });
}
