// Limits on one tRPC HTTP request, decided before anything is parsed or run. A batch may carry at
// most MAX_BATCH calls (one request with 300 batched logins ran 300 password hashes and delayed
// every login by 40 s), and a login is never batched: each password check costs its own request,
// which is what rate limits and lock-outs count. Bodies over MAX_BODY_BYTES are refused with 413.

import { MAX_BATCH, MAX_BODY_BYTES, UNBATCHED_PROCEDURES } from "../schema";

export { MAX_BATCH, MAX_BODY_BYTES };

export type RequestVerdict = { ok: true } | { ok: false; status: 400 | 413; message: string };

/** `path`: what follows /api/trpc/ (comma-separated procedures in a batch); `batch`: the ?batch=1 flag. */
export function checkTrpcRequest(r: { path: string; batch: boolean; contentLength: number | null }): RequestVerdict {
  if (r.contentLength !== null && r.contentLength > MAX_BODY_BYTES) {
    return { ok: false, status: 413, message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.` };
  }
  if (!r.batch) return { ok: true };
  const calls = r.path.split(",");
  if (calls.length > MAX_BATCH) return { ok: false, status: 400, message: `A batch may hold at most ${MAX_BATCH} calls; this one has ${calls.length}.` };
  const alone = calls.find((c) => UNBATCHED_PROCEDURES.has(c));
  if (alone && calls.length > 1) return { ok: false, status: 400, message: `${alone} cannot be batched with other calls; send it on its own.` };
  return { ok: true };
}
