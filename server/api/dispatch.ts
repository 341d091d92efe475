// Serves /api/v1/* from the endpoint registry: finds the endpoint by method and path, checks the
// token, reads path parameters, query and body through the endpoint's zod schemas, honours
// Idempotency-Key on writes, and answers errors as JSON. /api/v1/openapi.json needs no token.
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import type { Db } from "../db/client";
import { receiveUpload } from "../imports/upload-import";
import type { Endpoint } from "./endpoint";
import { idempotent } from "./idempotency";
import { openApiDocument } from "./openapi";
import { ENDPOINTS } from "./registry";
import { apiError, jsonBody, withToken } from "./rest";

export const API_PREFIX = "/api/v1";

/** The endpoint a method and path name, with its path parameters; or which methods the path has. */
export function matchEndpoint(method: string, path: string): { endpoint: Endpoint; params: Record<string, string> } | { allowed: string[] } {
  const allowed: string[] = [];
  for (const e of ENDPOINTS) {
    const names: string[] = [];
    const pattern = new RegExp(`^${e.path.replace(/\{(\w+)\}/g, (_, n: string) => { names.push(n); return "([^/]+)"; })}$`);
    const m = pattern.exec(path);
    if (!m) continue;
    if (e.method !== method) { allowed.push(e.method); continue; }
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    } catch {
      continue;
    }
    return { endpoint: e, params };
  }
  return { allowed };
}

/** Query parameters as an object; a repeated parameter becomes a list. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

export async function dispatch(db: Db, req: Request, now = new Date()): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  if (req.method === "GET" && path === "/openapi.json") return Response.json(openApiDocument(), { headers: { "Cache-Control": "no-cache" } });
  const found = matchEndpoint(req.method, path);
  if (!("endpoint" in found)) {
    return found.allowed.length
      ? apiError(405, "method_not_allowed", `${req.method} is not allowed on ${API_PREFIX}${path}; use ${found.allowed.join(" or ")}.`, { Allow: found.allowed.join(", ") })
      : apiError(404, "no_such_endpoint", `There is no endpoint ${req.method} ${API_PREFIX}${path} (see ${API_PREFIX}/openapi.json).`);
  }
  const e = found.endpoint;
  return withToken(db, req, e.scope, async (who) => {
    const params = e.params ? e.params.parse(found.params) : found.params;
    const query = e.query ? e.query.parse(queryObject(url)) : {};
    let upload = null;
    let bodyHash: string;
    let body: unknown = undefined;
    if (e.upload) {
      const name = String((query as { fileName?: string }).fileName ?? "");
      const received = await receiveUpload(e.upload.kind, name, req.body, Number(req.headers.get("content-length") ?? 0));
      if (!received.ok) return apiError(received.status, "bad_upload", received.message);
      upload = received.upload;
      bodyHash = upload.sha256;
    } else {
      const raw = req.method === "GET" ? {} : await jsonBody(req);
      bodyHash = createHash("sha256").update(JSON.stringify(raw)).digest("hex");
      body = e.body ? e.body.parse(raw) : undefined;
    }
    const run = () => e.handle({ db, req, who, params, query, body, upload, now });
    const key = req.headers.get("idempotency-key");
    try {
      if (!e.idempotent || !key) return await run();
      const requestHash = createHash("sha256").update(`${req.method} ${url.pathname}?${url.searchParams} ${bodyHash}`).digest("hex");
      return await idempotent(db, who.tokenId, key, requestHash, now, run);
    } finally {
      // An upload replayed from its idempotency key was never imported: its temporary file goes too.
      if (upload) rmSync(upload.file, { force: true });
    }
  }, now);
}
