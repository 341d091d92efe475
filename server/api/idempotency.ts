// Idempotency keys on API writes (the Idempotency-Key header): the first request with a key runs
// and its answer is kept a day; a retry with the same key and the same request gets that answer
// again (Idempotent-Replayed: true) without writing twice; the same key with a different request
// is refused, as is a retry while the first is still running. Answers of 5xx are not kept, so that
// a failed write can be retried.
import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import * as repo from "./repo";
import { apiError } from "./rest";
import { cacheControlForAnswer } from "../web/small-answer-uncompressed";

const KEEP_MS = 24 * 3600_000;

export async function idempotent(db: Db, tokenId: string, key: string, requestHash: string, now: Date, run: () => Promise<Response>): Promise<Response> {
  if (key.length < 8 || key.length > 200) return apiError(400, "bad_idempotency_key", "An Idempotency-Key must be 8 to 200 characters (a UUID is a good one).");
  await repo.pruneIdempotencyKeys(db, new Date(now.getTime() - KEEP_MS));
  try {
    await repo.insertIdempotencyKey(db, tokenId, key, requestHash, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const kept = await repo.findIdempotencyKey(db, tokenId, key);
    if (!kept) throw new TRPCError({ code: "CONFLICT", message: "This Idempotency-Key was just released; retry the request." });
    if (kept.requestHash !== requestHash) return apiError(422, "idempotency_key_reused", "This Idempotency-Key was used for a different request; use a new key for a new request.");
    if (kept.status === null) return apiError(409, "request_in_progress", "A request with this Idempotency-Key is still running; retry when it has finished.");
    return new Response(kept.body, { status: kept.status, headers: { "Content-Type": "application/json", "Cache-Control": cacheControlForAnswer(Buffer.byteLength(kept.body ?? ""), "no-store"), "Idempotent-Replayed": "true" } });
  }
  let res: Response;
  try {
    res = await run();
  } catch (error) {
    await repo.releaseIdempotencyKey(db, tokenId, key);
    throw error;
  }
  if (res.status >= 500) {
    await repo.releaseIdempotencyKey(db, tokenId, key);
    return res;
  }
  const body = await res.text();
  await repo.keepIdempotentAnswer(db, tokenId, key, res.status, body);
  return new Response(body, { status: res.status, headers: res.headers });
}
