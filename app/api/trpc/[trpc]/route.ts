import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isAllowedOrigin } from "@/server/auth/domain/origin-check";
import { createRequestContext } from "@/server/context";
import { env } from "@/server/env";
import { appRouter } from "@/server/root";
import { checkTrpcRequest, MAX_BATCH, MAX_BODY_BYTES } from "@/server/web/domain/trpc-request-rules";
import { readBodyWithin } from "@/server/web/limited-body";
import { withSmallAnswerUncompressed } from "@/server/web/small-answer-uncompressed";

export const dynamic = "force-dynamic";

const refuse = (status: number, message: string) => Response.json({ error: { message } }, { status, headers: { "Cache-Control": "no-store" } });

async function handler(incoming: Request) {
  // Mutations are POSTs: refuse those a browser sent on behalf of another site.
  const allowed = env().VERDICT_ALLOWED_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean);
  if (incoming.method === "POST" && !isAllowedOrigin(incoming.headers.get("origin"), incoming.headers.get("host"), allowed)) {
    return refuse(403, "Cross-site request refused.");
  }
  // Batch size, unbatched logins and the body limit: decided before any parsing or password check.
  const url = new URL(incoming.url);
  const declared = incoming.headers.get("content-length");
  let path: string;
  try {
    path = decodeURIComponent(url.pathname.slice("/api/trpc/".length));
  } catch {
    return refuse(400, "The procedure path is not valid percent-encoded text.");
  }
  const verdict = checkTrpcRequest({ path, batch: url.searchParams.get("batch") === "1", contentLength: declared === null ? null : Number(declared) });
  if (!verdict.ok) return refuse(verdict.status, verdict.message);
  // A declared Content-Length was checked above, and the HTTP server never delivers more than it
  // declares: only a body without one (chunked) is counted as it arrives.
  let req = incoming;
  if (incoming.method === "POST" && declared === null) {
    const body = await readBodyWithin(incoming.body, MAX_BODY_BYTES);
    if (body === "too-large") return refuse(413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
    const headers = new Headers(incoming.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(body.byteLength));
    req = new Request(incoming.url, { method: "POST", headers, body });
  }
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    maxBatchSize: MAX_BATCH,
    router: appRouter,
    createContext: ({ resHeaders }) => createRequestContext(req, resHeaders),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"} failed:`, error.cause ?? error);
    },
  });
  // Private data, per user: never stored by a browser or proxy cache. A small answer is sent
  // without gzip (small-answer-uncompressed.ts); the client's links do not stream.
  return withSmallAnswerUncompressed(response, "no-store");
}

export { handler as GET, handler as POST };
