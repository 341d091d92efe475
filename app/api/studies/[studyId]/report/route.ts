import { TRPCError } from "@trpc/server";
import { DEFAULT_BOOTSTRAP } from "@/server/analytics/domain/bootstrap";
import { reportToCsvRecords } from "@/server/analytics/domain/report-format";
import { studyReport } from "@/server/analytics/service";
import { db } from "@/server/db";
import { toCsv } from "@/server/exports/csv";
import { csvHeaders, guardApi } from "@/server/web/api-guard";

export const dynamic = "force-dynamic";

/** The study's report as CSV (or JSON with ?format=json), the same table `verdict report` writes. */
export async function GET(req: Request, { params }: { params: Promise<{ studyId: string }> }) {
  const guard = await guardApi(req, "research");
  if ("response" in guard) return guard.response;
  const { studyId } = await params;
  const url = new URL(req.url);
  const seed = Number(url.searchParams.get("seed") ?? DEFAULT_BOOTSTRAP.seed);
  try {
    const report = await studyReport(db(), { id: studyId }, { ...DEFAULT_BOOTSTRAP, seed: Number.isInteger(seed) ? seed : DEFAULT_BOOTSTRAP.seed });
    if (url.searchParams.get("format") === "json") return Response.json(report);
    return new Response(toCsv(reportToCsvRecords(report.rows), { bom: url.searchParams.get("bom") === "1" }), { headers: csvHeaders(`${report.meta.study} report.csv`) });
  } catch (e) {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") return Response.json({ error: e.message }, { status: 404 });
    throw e;
  }
}
