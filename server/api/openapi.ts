// The OpenAPI 3.1 document of /api/v1, generated from the endpoint registry and its zod schemas
// (z.toJSONSchema): nothing is written twice, and a test checks the routes and the document agree.
import { z } from "zod";
import { SCOPE_DESCRIPTIONS } from "../tokens/domain/token-scopes";
import type { Endpoint } from "./endpoint";
import { ENDPOINTS } from "./registry";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const schemaOf = (s: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

const ERROR = { type: "object", required: ["error"], properties: { error: { type: "object", required: ["code", "message"],
  properties: { code: { type: "string" }, message: { type: "string" } } } } };

function parameters(e: Endpoint) {
  const out: Record<string, unknown>[] = [];
  for (const [where, schema] of [["path", e.params], ["query", e.query]] as const) {
    if (!schema) continue;
    const js = schemaOf(schema, "input");
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema: prop,
        ...(typeof prop.description === "string" ? { description: prop.description } : {}) });
    }
  }
  return out;
}

function operation(e: Endpoint) {
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(e.responses)) {
    responses[status] = { description: r.description,
      ...(r.schema ? { content: { "application/json": { schema: schemaOf(r.schema, "output") } } }
        : r.contentType ? { content: { [r.contentType]: { schema: { type: "string" } }, "application/json": { schema: {} } } } : {}) };
  }
  for (const [status, description] of [["400", "Invalid input (the message names the field)"], ["401", "No token, or unknown, revoked or expired"],
    ["403", "The token lacks the scope, or its user's role no longer allows it"], ["429", "Over the token's rate limit; see Retry-After"]] as const) {
    responses[status] ??= { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  return {
    operationId: `${e.method.toLowerCase()}${e.path.replace(/\{(\w+)\}/g, "by-$1").split(/[/-]/).filter(Boolean).map((p) => p[0].toUpperCase() + p.slice(1)).join("")}`,
    summary: e.summary,
    description: [e.description, e.scope ? `Scope: \`${e.scope}\`.` : "Any valid token.", e.idempotent ? "Send an `Idempotency-Key` header to make retries safe." : ""].filter(Boolean).join("\n\n"),
    security: [{ bearer: [] }],
    "x-scope": e.scope,
    parameters: [...parameters(e), ...(e.idempotent ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", minLength: 8, maxLength: 200 } }] : [])],
    ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(e.body, "input") } } } } : {}),
    ...(e.upload ? { requestBody: { required: true, content: Object.fromEntries(["text/csv", "application/x-ndjson", ...(e.upload.kind === "material" ? ["application/zip"] : [])]
      .map((type) => [type, { schema: { type: "string", format: "binary" } }])) } } : {}),
    responses,
  };
}

let cached: Record<string, unknown> | null = null;

export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of ENDPOINTS) (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(e);
  cached = {
    openapi: "3.1.0",
    info: { title: "Verdict API", version: "1", description: "Human-preference evaluation: material, studies, grading, reports. Authenticate with a personal API token (API tokens page): `Authorization: Bearer vd_…`. Errors are `{ \"error\": { \"code\", \"message\" } }`. Walkthrough: docs/api.md." },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: `Scopes: ${Object.entries(SCOPE_DESCRIPTIONS).map(([s, d]) => `${s} — ${d}`).join("; ")}.` } },
      schemas: { Error: ERROR },
    },
    paths,
  };
  return cached;
}
