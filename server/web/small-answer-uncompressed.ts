// Small API answers sent as they are, not gzipped. Next's server compresses responses with the
// `compression` middleware, whose threshold (1 KB) never applies to a route handler's answer: Next
// drops the Content-Length it would go by (next/dist/server/send-response.js) and streams the body,
// so even a 70-byte answer to a submission got a zlib stream of its own, some 0.3–0.5 ms of a 1–1.5
// ms request's CPU on the server (docs/performance.md, "Small API answers not gzipped"). The
// middleware leaves a response marked `Cache-Control: no-transform` alone: answers under its
// threshold get that mark, and larger ones are still gzipped.

/** The `compression` middleware's default threshold, which Next uses. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// These statuses carry no body (RFC 9110, 15.2 and 15.3.5–6, 15.4.5).
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** The Cache-Control for an answer of `bytes` bytes: `cacheControl`, marked no-transform when the answer is too small to be worth gzipping. */
export const cacheControlForAnswer = (bytes: number, cacheControl: string): string =>
  bytes < COMPRESSION_THRESHOLD_BYTES ? `${cacheControl}, no-transform` : cacheControl;

/** A JSON answer with Cache-Control by its size (cacheControlForAnswer). */
export function jsonAnswer(body: unknown, status: number, cacheControl: string, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return new Response(text, { status, headers: { "Content-Type": "application/json", ...headers, "Cache-Control": cacheControlForAnswer(Buffer.byteLength(text), cacheControl) } });
}

/**
 * `response` with Cache-Control by its size (cacheControlForAnswer). The body is read into memory
 * to be measured: only for answers that are complete when the handler returns (tRPC without
 * streaming links), never for a stream.
 */
export async function withSmallAnswerUncompressed(response: Response, cacheControl: string): Promise<Response> {
  const headers = new Headers(response.headers);
  const init = { status: response.status, statusText: response.statusText, headers };
  const body = NO_BODY.has(response.status) || response.body === null ? null : await response.arrayBuffer();
  headers.set("Cache-Control", body === null ? cacheControl : cacheControlForAnswer(body.byteLength, cacheControl));
  return new Response(body, init);
}
