// Studies: list (paginated), create, read with progress, change status.
import { z } from "zod";
import { STUDY_STATUSES } from "../../studies/domain/study-status";
import { ZStudyDefinition } from "../../studies/schema";
import { createStudy, getStudy, listStudies, setStudyStatus } from "../../studies/service";
import { endpoint } from "../endpoint";
import { page, pageFields, ZPage } from "../pagination";
import { apiJson } from "../rest";

const ZId = z.object({ id: z.string().min(1) });
const ZProgress = z.object({ submitted: z.number(), wanted: z.number() });
const ZStudySummary = z.object({
  id: z.string(), name: z.string(), type: z.enum(["SIDE_BY_SIDE", "SINGLE_SIDED"]), status: z.enum(STUDY_STATUSES), redundancy: z.number(),
  models: z.array(z.object({ name: z.string(), role: z.string() })), promptSet: z.string().nullable(), progress: ZProgress,
});

export const listStudiesEndpoint = endpoint({
  method: "GET", path: "/studies", scope: "read", summary: "Studies, newest first, a page at a time",
  query: ZPage.extend({ name: z.string().trim().min(1).max(120).optional().describe("only the study of this exact name") }),
  responses: { 200: { description: "A page of studies; `next` is the offset of the next page, or null", schema: z.object({ studies: z.array(ZStudySummary), ...pageFields }) } },
  handle: async ({ db, query }) => {
    const all = (await listStudies(db)).filter((s) => query.name === undefined || s.name === query.name);
    const { items, total, next } = page(all, query);
    const studies = items.map((s) => ({
      id: s.id, name: s.name, type: s.type, status: s.status, redundancy: s.redundancy,
      models: s.models.map((m) => ({ name: m.model.name, role: m.role })), promptSet: s.promptSet?.name ?? null,
      progress: { submitted: s.submitted, wanted: s.wanted },
    }));
    return apiJson({ studies, total, next });
  },
});

export const createStudyEndpoint = endpoint({
  method: "POST", path: "/studies", scope: "write", idempotent: true, summary: "Create a study (as a draft)",
  description: "The same definition as the new-study form: model ids (candidate first), a prompt set id, filters, dimensions, k. Look ids up with GET /models and /prompt-sets.",
  body: ZStudyDefinition,
  responses: { 201: { description: "Created", schema: z.object({ id: z.string(), name: z.string(), items: z.number() }) } },
  handle: async ({ db, who, body }) => {
    const s = await createStudy(db, who.user.id, body);
    return apiJson({ id: s.id, name: s.name, items: s.items }, 201);
  },
});

export const getStudyEndpoint = endpoint({
  method: "GET", path: "/studies/{id}", scope: "read", summary: "A study and its progress (overall and per locale)",
  params: ZId,
  responses: { 200: { description: "The study", schema: z.object({ id: z.string(), name: z.string(), status: z.enum(STUDY_STATUSES),
    progress: ZProgress.extend({ byLocale: z.array(z.object({ localeCode: z.string(), submitted: z.number(), wanted: z.number() })) }) }) }, 404: { description: "No such study" } },
  handle: async ({ db, params }) => {
    const s = await getStudy(db, params.id);
    return apiJson({ id: s.id, name: s.name, type: s.type, status: s.status, redundancy: s.redundancy,
      progress: { submitted: s.submitted, wanted: s.wanted, byLocale: s.byLocale.map((l) => ({ localeCode: l.localeCode, submitted: l.submitted, wanted: l.wanted })) } });
  },
});

export const setStatusEndpoint = endpoint({
  method: "POST", path: "/studies/{id}/status", scope: "write", idempotent: true, summary: "Start, pause, resume or complete a study",
  params: ZId, body: z.object({ status: z.enum(STUDY_STATUSES) }),
  responses: { 200: { description: "The new status", schema: z.object({ id: z.string(), status: z.enum(STUDY_STATUSES) }) }, 400: { description: "Not a transition this study can make" } },
  handle: async ({ db, who, params, body, now }) => {
    const s = await setStudyStatus(db, who.user.id, params.id, body.status, now);
    return apiJson({ id: s.id, status: s.status });
  },
});
