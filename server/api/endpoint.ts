// One REST endpoint, described once: its method and path, the scope a token needs, the zod schemas
// of its path parameters, query and body, and its answers. The dispatcher (dispatch.ts) serves it
// from this description and the OpenAPI document (openapi.ts) is generated from the same one, so
// the two cannot drift apart.
import type { z } from "zod";
import type { Db } from "../db/client";
import type { ReceivedUpload } from "../imports/upload-import";
import type { Scope } from "../tokens/domain/token-scopes";
import type { TokenPrincipal } from "../tokens/service";

export type Method = "GET" | "POST";

export interface EndpointContext<P, Q, B> {
  db: Db;
  req: Request;
  who: TokenPrincipal;
  params: P;
  query: Q;
  body: B;
  /** an endpoint with `upload`: the request body, received to a temporary file */
  upload: ReceivedUpload | null;
  now: Date;
}

export interface EndpointResponse {
  description: string;
  /** JSON body schema; omitted for non-JSON answers (CSV) */
  schema?: z.ZodType;
  /** content type when not JSON */
  contentType?: string;
}

export interface Endpoint<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** OpenAPI style, relative to /api/v1: "/studies/{id}/status" */
  path: string;
  /** the token scope needed; null: any valid token */
  scope: Scope | null;
  summary: string;
  description?: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** the body is a file (CSV, JSON Lines or a .zip bundle), streamed, not parsed as JSON */
  upload?: { kind: "material" | "judgments" };
  /** a write that honours an Idempotency-Key header */
  idempotent?: boolean;
  responses: Record<number, EndpointResponse>;
  handle(ctx: EndpointContext<P, Q, B>): Promise<Response>;
}

/** Keeps each endpoint's parameter types while the registry holds them all. */
export const endpoint = <P, Q, B>(e: Endpoint<P, Q, B>) => e as unknown as Endpoint;
