// Study webhooks: a researcher adds a URL to a study; Verdict POSTs a JSON event, signed with the
// webhook's secret, when the study's judgments pass each progress threshold and when the study is
// completed. Deliveries are queued in the database and sent by a worker in every instance
// (scheduler.ts), each claimed by one, retried with back-off, and logged for the study page.
import { TRPCError } from "@trpc/server";
import { randomBytes } from "node:crypto";
import { recordAudit } from "../audit/repo";
import type { Db } from "../db/client";
import { MAX_ATTEMPTS, nextAttempt, parseThresholds, passedThresholds } from "./domain/webhook-rules";
import { signature } from "./sign-delivery";
import * as repo from "./repo";
import type { TAddWebhook } from "./schema";

const CLAIM_MS = 60_000;
const TIMEOUT_MS = 10_000;

export async function addWebhook(db: Db, actorId: string, input: TAddWebhook) {
  const study = await repo.findStudyId(db, input.studyId);
  if (!study) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const thresholds = parseThresholds(input.thresholds).join(",");
  const w = await repo.insertWebhook(db, { studyId: study.id, url: input.url, secret, thresholds, createdById: actorId });
  await recordAudit(db, { actorId, action: "webhook.add", entityType: "Study", entityId: study.id, details: { webhookId: w.id, url: input.url, thresholds } });
  return { id: w.id, secret };
}

export async function removeWebhook(db: Db, actorId: string, webhookId: string) {
  const w = await repo.findWebhook(db, webhookId);
  if (!w) throw new TRPCError({ code: "NOT_FOUND", message: "No such webhook." });
  await repo.deleteWebhook(db, webhookId);
  await recordAudit(db, { actorId, action: "webhook.remove", entityType: "Study", entityId: w.studyId, details: { webhookId, url: w.url } });
  return { removed: true };
}

export const listWebhooks = (db: Db, studyId: string) => repo.webhooksOf(db, studyId);

function eventBody(event: string, study: { id: string; name: string; status: string }, extra: Record<string, unknown>, now: Date) {
  return JSON.stringify({ event, at: now.toISOString(), study: { id: study.id, name: study.name, status: study.status }, ...extra });
}

/** Queues a test event, so the receiver can be checked before any progress. */
export async function sendTest(db: Db, webhookId: string, now: Date) {
  const w = await repo.findWebhook(db, webhookId);
  if (!w) throw new TRPCError({ code: "NOT_FOUND", message: "No such webhook." });
  return repo.enqueue(db, w.id, "ping", eventBody("ping", w.study, {}, now), now);
}

/** Queues a completion event for each of the study's webhooks (called when a study is completed). */
export async function studyCompleted(db: Db, studyId: string, now: Date) {
  const hooks = await repo.activeWebhooks(db, studyId);
  if (!hooks.length) return;
  const { items, submitted } = await repo.studyProgress(db, studyId);
  for (const w of hooks) {
    await repo.enqueue(db, w.id, "study.completed", eventBody("study.completed", { id: studyId, name: w.study.name, status: "COMPLETED" },
      { progress: { submitted, wanted: items * w.study.redundancy } }, now), now);
  }
}

/** Queues a progress event for every threshold a study has newly passed (run by the worker). */
export async function checkProgress(db: Db, now: Date): Promise<number> {
  let queued = 0;
  // A study's progress is read once, however many webhooks it has.
  const progress = new Map<string, Promise<{ items: number; submitted: number }>>();
  for (const w of await repo.activeWebhooks(db)) {
    if (!progress.has(w.studyId)) progress.set(w.studyId, repo.studyProgress(db, w.studyId));
    const { items, submitted } = await progress.get(w.studyId)!;
    const wanted = items * w.study.redundancy;
    const passed = passedThresholds(parseThresholds(w.thresholds), w.notifiedPercent, submitted, wanted);
    if (!passed.length) continue;
    if (!(await repo.advanceThreshold(db, w.id, w.notifiedPercent, passed.at(-1)!))) continue;
    for (const threshold of passed) {
      await repo.enqueue(db, w.id, "study.progress", eventBody("study.progress", { id: w.studyId, name: w.study.name, status: w.study.status },
        { threshold, progress: { submitted, wanted, percent: Math.round((submitted / wanted) * 1000) / 10 } }, now), now);
      queued++;
    }
  }
  return queued;
}

/** Sends what is due: each delivery claimed first, then settled as delivered, retried later, or failed. */
export async function deliverDue(db: Db, now: Date, send: typeof fetch = fetch, limit = 20): Promise<{ delivered: number; failed: number; retrying: number }> {
  const out = { delivered: 0, failed: 0, retrying: 0 };
  for (const { id } of await repo.dueDeliveries(db, now, limit)) {
    if (!(await repo.claim(db, id, now, new Date(now.getTime() + CLAIM_MS)))) continue;
    const d = await repo.deliveryToSend(db, id);
    const timestamp = String(Math.floor(now.getTime() / 1000));
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await send(d.webhook.url, { method: "POST", redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS), body: d.payload,
        headers: { "Content-Type": "application/json", "User-Agent": "Verdict-Webhooks/1", "X-Verdict-Event": d.event, "X-Verdict-Delivery": d.id,
          "X-Verdict-Timestamp": timestamp, "X-Verdict-Signature": signature(d.webhook.secret, timestamp, d.payload) } });
      status = res.status;
      await res.body?.cancel();
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (e) {
      // fetch's "fetch failed" says nothing: the cause (or the first of several) names it, e.g. ECONNREFUSED.
      const cause = (e as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
      error = (e as Error).name === "TimeoutError" ? `no answer within ${TIMEOUT_MS / 1000} s`
        : cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (e as Error).message;
    }
    const attempts = d.attempts + 1;
    if (!error) {
      await repo.settle(db, id, { status: "delivered", attempts, lastStatus: status, lastError: null, deliveredAt: now });
      out.delivered++;
      continue;
    }
    const retry = attempts < MAX_ATTEMPTS ? nextAttempt(attempts, now) : null;
    await repo.settle(db, id, retry ? { status: "pending", attempts, lastStatus: status, lastError: error, nextAttemptAt: retry }
      : { status: "failed", attempts, lastStatus: status, lastError: error });
    if (retry) out.retrying++;
    else out.failed++;
  }
  return out;
}
