// Results: the report (CSV or JSON, filtered, with ETag and Last-Modified), the raw judgments
// (streamed CSV) and the leaderboard.
import { createHash } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { z } from "zod";
import { DEFAULT_BOOTSTRAP } from "../../analytics/domain/bootstrap";
import { reportToCsvRecords } from "../../analytics/domain/report-format";
import { studyReport } from "../../analytics/service";
import { toCsv } from "../../exports/csv";
import { exportJudgmentsCsvById } from "../../exports/service";
import { leaderboardCsvRecords } from "../../leaderboard/domain/leaderboard-format";
import { leaderboard as rankModels } from "../../leaderboard/service";
import { endpoint } from "../endpoint";
import { apiError, apiJson } from "../rest";
import { reportVersion } from "../repo";

const csv = (text: string, headers: Record<string, string> = {}) =>
  new Response(text, { headers: { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "no-store", ...headers } });

const list = z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(z.string().min(1)).optional());

export const report = endpoint({
  method: "GET", path: "/studies/{id}/report", scope: "read", summary: "The study's report",
  description: "The tidy table `verdict report` writes (docs/report-format.md), as CSV or JSON; `dimension` and `slice` (repeatable) keep only those rows. ETag and Last-Modified change when a judgment or exclusion does; send If-None-Match to get 304.",
  params: z.object({ id: z.string().min(1) }),
  query: z.object({ format: z.enum(["csv", "json"]).default("csv"), dimension: list, slice: list, seed: z.coerce.number().int().min(0).optional(),
    resamples: z.coerce.number().int().min(1000).max(100_000).optional() }),
  responses: { 200: { description: "The report (CSV, or JSON with ?format=json)", contentType: "text/csv" }, 304: { description: "Unchanged since the ETag sent" }, 404: { description: "No such study" } },
  handle: async ({ db, req, params, query }) => {
    const version = await reportVersion(db, params.id);
    if (!version) return apiError(404, "not_found", "No such study.");
    const etag = `"${createHash("sha256").update(JSON.stringify([version.key, query])).digest("hex").slice(0, 32)}"`;
    const validators = { ETag: etag, ...(version.lastModified ? { "Last-Modified": version.lastModified.toUTCString() } : {}) };
    if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: validators });
    const r = await studyReport(db, { id: params.id }, { seed: query.seed ?? DEFAULT_BOOTSTRAP.seed, resamples: query.resamples ?? DEFAULT_BOOTSTRAP.resamples });
    const rows = r.rows.filter((row) => (!query.dimension || query.dimension.includes(row.dimension)) && (!query.slice || query.slice.includes(row.slice)));
    if (query.format === "json") return Response.json({ meta: r.meta, rows }, { headers: { "Cache-Control": "no-cache", ...validators } });
    return csv(toCsv(reportToCsvRecords(rows)), { ...validators, "Cache-Control": "no-cache" });
  },
});

export const judgmentsExport = endpoint({
  method: "GET", path: "/studies/{id}/judgments", scope: "read", summary: "Every judgment of the study (CSV, streamed)",
  description: "The columns of `verdict export judgments` (docs/report-format.md).",
  params: z.object({ id: z.string().min(1) }),
  responses: { 200: { description: "CSV, one row per judgment per dimension", contentType: "text/csv" }, 404: { description: "No such study" } },
  handle: async ({ db, params }) => {
    if (!(await exportJudgmentsCsvById.studyName(db, params.id))) return apiError(404, "not_found", "No such study.");
    const body = new PassThrough();
    exportJudgmentsCsvById.run(db, params.id, body).catch((e) => body.destroy(e));
    return new Response(Readable.toWeb(body) as ReadableStream, { headers: { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "no-store" } });
  },
});

export const leaderboardEndpoint = endpoint({
  method: "GET", path: "/leaderboard", scope: "read", summary: "Bradley–Terry leaderboard with bootstrap intervals",
  description: "As `verdict leaderboard` (docs/leaderboard.md): `study` repeatable (none: every side-by-side study sharing models).",
  query: z.object({ study: list, dimension: z.string().min(1).optional(), format: z.enum(["csv", "json"]).default("csv"),
    resamples: z.coerce.number().int().min(1000).max(10_000).default(1000), seed: z.coerce.number().int().min(0).default(20260101),
    slices: z.enum(["all", "every"]).default("every"), styleControl: z.enum(["true", "false"]).default("true") }),
  responses: { 200: { description: "Tidy CSV (dimension, slice, model, metric, value, ci_low, ci_high, n), or JSON", contentType: "text/csv" } },
  handle: async ({ db, query }) => {
    const board = await rankModels(db, { studies: query.study ?? [], dimension: query.dimension, resamples: query.resamples, seed: query.seed, styleControl: query.styleControl === "true", slices: query.slices });
    return query.format === "json" ? apiJson(board) : csv(toCsv(leaderboardCsvRecords(board.rows)));
  },
});
