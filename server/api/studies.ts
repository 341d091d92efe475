// /api/v1/studies: list, read with progress, and change a study's status.
import { z } from "zod";
import type { Db } from "../db/client";
import { STUDY_STATUSES } from "../studies/domain/study-status";
import { getStudy, listStudies, setStudyStatus } from "../studies/service";
import { apiJson, jsonBody, withToken } from "./rest";

const studySummary = (s: Awaited<ReturnType<typeof listStudies>>[number]) => ({
  id: s.id, name: s.name, type: s.type, status: s.status, redundancy: s.redundancy, createdAt: s.createdAt,
  models: s.models.map((m) => ({ name: m.model.name, role: m.role })), promptSet: s.promptSet?.name ?? null,
  progress: { submitted: s.submitted, wanted: s.wanted },
});

export const listStudiesEndpoint = (db: Db, req: Request) =>
  withToken(db, req, "read", async () => apiJson({ studies: (await listStudies(db)).map(studySummary) }));

export const getStudyEndpoint = (db: Db, req: Request, id: string) =>
  withToken(db, req, "read", async () => {
    const s = await getStudy(db, id);
    return apiJson({ id: s.id, name: s.name, type: s.type, status: s.status, redundancy: s.redundancy,
      progress: { submitted: s.submitted, wanted: s.wanted, byLocale: s.byLocale } });
  });

const ZStatusBody = z.object({ status: z.enum(STUDY_STATUSES) });

export const setStudyStatusEndpoint = (db: Db, req: Request, id: string) =>
  withToken(db, req, "write", async (who) => {
    const { status } = ZStatusBody.parse(await jsonBody(req));
    const s = await setStudyStatus(db, who.user.id, id, status, new Date());
    return apiJson({ id: s.id, status: s.status });
  });

export const meEndpoint = (db: Db, req: Request) =>
  withToken(db, req, null, async (who) => apiJson({ id: who.user.id, email: who.user.email, role: who.user.role, scopes: who.scopes }));
