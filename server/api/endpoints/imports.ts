// Uploads: study material (CSV, JSON Lines, or a .zip with images and audio) and judgments, with
// the same all-or-nothing checks as the CLI; problems come back as a list by line and field.
import { z } from "zod";
import { ImportRejected } from "../../imports/domain/import-error";
import { ImportFileError } from "../../imports/read-rows";
import { importUpload } from "../../imports/upload-import";
import { endpoint, type EndpointContext } from "../endpoint";
import { apiError, apiJson } from "../rest";

const ZProblems = z.object({ error: z.object({ code: z.literal("import_rejected"), message: z.string(),
  problems: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })), total: z.number() }) });

async function run(kind: "material" | "judgments", ctx: EndpointContext<unknown, unknown, unknown>, promptSet?: string): Promise<Response> {
  try {
    return apiJson({ summary: await importUpload(ctx.db, kind, ctx.upload!, { promptSet, actorId: ctx.who.user.id }) });
  } catch (e) {
    if (e instanceof ImportRejected) {
      return Response.json({ error: { code: "import_rejected", message: `${ctx.upload!.name}: ${e.total} problem${e.total === 1 ? "" : "s"}; nothing was imported.`, problems: e.problems, total: e.total } },
        { status: 422, headers: { "Cache-Control": "no-store" } });
    }
    if (e instanceof ImportFileError) return apiError(422, "unreadable_file", e.message);
    throw e;
  }
}

const ZFileQuery = z.object({ fileName: z.string().trim().min(1).max(255).describe("the file's name: its extension says the format (.csv, .jsonl, .zip)") });

export const material = endpoint({
  method: "POST", path: "/material", scope: "write", idempotent: true, upload: { kind: "material" },
  summary: "Upload study material into a prompt set",
  description: "The body is the file itself. Formats and columns: docs/report-format.md (verdict import material).",
  query: ZFileQuery.extend({ promptSet: z.string().trim().min(1).max(120).optional().describe("default: the file name without extension") }),
  responses: { 200: { description: "Imported", schema: z.object({ summary: z.object({ promptSet: z.string(), rows: z.number(), prompts: z.number(), models: z.array(z.string()) }) }) },
    422: { description: "Problems by line and field; nothing was stored", schema: ZProblems } },
  handle: (ctx) => run("material", ctx, ctx.query.promptSet),
});

export const judgments = endpoint({
  method: "POST", path: "/judgments", scope: "write", idempotent: true, upload: { kind: "judgments" },
  summary: "Upload judgments from another tool",
  description: "The body is the file itself (CSV or JSON Lines). Columns: docs/report-format.md (verdict import judgments).",
  query: ZFileQuery,
  responses: { 200: { description: "Imported", schema: z.object({ summary: z.record(z.string(), z.unknown()) }) },
    422: { description: "Problems by line and field; nothing was stored", schema: ZProblems } },
  handle: (ctx) => run("judgments", ctx),
});
