// The REST API's frame (/api/v1/…): every request is authenticated by an API token for the scope
// its endpoint needs, answers in JSON, and refuses with a status and a JSON body that say what is
// wrong ({ "error": { "code", "message" } }). Writes are recorded in the audit trail with the token
// that made them. Endpoints call the same services as the browser's tRPC procedures.
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { recordAudit } from "../audit/repo";
import { describeZodError } from "../trpc";
import type { Db } from "../db/client";
import { asServiceUnavailable } from "../db/unavailable";
import type { Scope } from "../tokens/domain/token-scopes";
import { authenticateToken, type TokenPrincipal } from "../tokens/service";
import { jsonAnswer } from "../web/small-answer-uncompressed";

// Never cached; a small answer is sent without gzip (small-answer-uncompressed.ts).
export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return jsonAnswer({ error: { code, message } }, status, "no-store", headers);
}

export const apiJson = (body: unknown, status = 200) => jsonAnswer(body, status, "no-store");

const HTTP_OF: Partial<Record<TRPCError["code"], [number, string]>> = {
  BAD_REQUEST: [400, "bad_request"], NOT_FOUND: [404, "not_found"], CONFLICT: [409, "conflict"], FORBIDDEN: [403, "forbidden"],
  PRECONDITION_FAILED: [412, "precondition_failed"], UNAUTHORIZED: [401, "unauthenticated"], TOO_MANY_REQUESTS: [429, "rate_limited"],
  SERVICE_UNAVAILABLE: [503, "unavailable"],
};

/** Reads a JSON body, or says why it cannot. */
export async function jsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new TRPCError({ code: "BAD_REQUEST", message: "The body is not valid JSON." });
  }
}

export async function withToken(db: Db, req: Request, needed: Scope | null, handle: (who: TokenPrincipal) => Promise<Response>, now = new Date()): Promise<Response> {
  try {
    const auth = await authenticateToken(db, req.headers.get("authorization"), needed, now);
    if (!auth.ok) return apiError(auth.status, auth.code, auth.message, auth.retryAfterSeconds ? { "Retry-After": String(auth.retryAfterSeconds) } : {});
    const res = await handle(auth.principal);
    if (req.method !== "GET" && res.ok && !res.headers.has("Idempotent-Replayed")) {
      await recordAudit(db, { actorId: auth.principal.user.id, action: "api.write", entityType: "ApiToken", entityId: auth.principal.tokenId,
        details: { method: req.method, path: new URL(req.url).pathname, status: res.status } });
    }
    return res;
  } catch (error) {
    if (error instanceof ZodError) return apiError(400, "invalid_input", describeZodError(error));
    const trpc = error instanceof TRPCError ? error : asServiceUnavailable(error);
    if (trpc) {
      const [status, code] = HTTP_OF[trpc.code] ?? [500, "internal"];
      return apiError(status, code, trpc.message);
    }
    throw error;
  }
}
