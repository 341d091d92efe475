// Session, role and origin checks for the non-tRPC routes (downloads and uploads).
import "server-only";
import { isAllowedOrigin } from "../auth/domain/origin-check";
import { canEnter, type Area } from "../auth/domain/roles";
import type { SessionUser } from "../auth/service";
import { env } from "../env";
import { pageSession } from "./page-session";

export type Guarded = { user: SessionUser } | { response: Response };

export async function guardApi(req: Request, area: Area): Promise<Guarded> {
  const allowed = env().VERDICT_ALLOWED_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean);
  if (req.method !== "GET" && !isAllowedOrigin(req.headers.get("origin"), req.headers.get("host"), allowed)) {
    return { response: Response.json({ error: "Cross-site request refused." }, { status: 403 }) };
  }
  const session = await pageSession();
  if (session.status !== "ok") return { response: Response.json({ error: "Please log in." }, { status: 401 }) };
  if (!canEnter(session.user.role, area)) return { response: Response.json({ error: "Not allowed for your role." }, { status: 403 }) };
  return { user: session.user };
}

export const csvHeaders = (fileName: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]+/g, "_")}"`,
  "Cache-Control": "no-store",
});
