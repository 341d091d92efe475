import { randomInt } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { recordAudit } from "../audit/repo";
import type { SessionUser } from "../auth/service";
import { engineOf, type Db, type Tx } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { applicableDimensions, type StudyDimensionView } from "./domain/applicable-dimensions";
import { sideFromCoin, toCandidatePreference } from "./domain/candidate-preference";
import { leaseExpiry } from "./domain/lease-expiry";
import { orderLeaseCandidates } from "./domain/lease-order";
import { validateSubmission } from "./domain/validate-submission";
import * as repo from "./repo";
import type { TSubmitAssignment } from "./schema";

type GradingStudy = NonNullable<Awaited<ReturnType<typeof repo.studyState>>>;
type StudyDimension = StudyDimensionView & { dimensionId: string };

const CANDIDATE_WINDOW = 25;
const LEASE_ROUNDS = 3;

// Dimensions and scales never change after a study is created, so each instance keeps them once
// per study instead of reading them on every lease and submission (the grader's hot path).
// Nothing here is needed by another instance; status and capacity are always read fresh.
const dimensionCache = new Map<string, StudyDimension[]>();

async function dimensionsOf(db: Db | Tx, studyId: string): Promise<StudyDimension[]> {
  let dims = dimensionCache.get(studyId);
  if (!dims) {
    dims = (await repo.studyDimensions(db, studyId)).map((d) => ({ dimensionId: d.dimensionId, scaleMin: d.scaleMin, scaleMax: d.scaleMax, ...d.dimension }));
    if (dimensionCache.size > 1000) dimensionCache.clear();
    dimensionCache.set(studyId, dims);
  }
  return dims;
}

export const attachmentUrl = (id: string) => `/api/attachments/${id}`;

export async function gradingQueue(db: Db, grader: SessionUser) {
  const studies = await repo.runningStudiesFor(db, grader.locales);
  const counts = await repo.queueCounts(db, studies.map((s) => s.id), grader.id, grader.locales);
  return studies.map((s) => {
    const pool = counts.pool.get(s.id) ?? { items: 0, submitted: 0 };
    return { id: s.id, name: s.name, type: s.type, doneByMe: counts.mine.get(s.id) ?? 0,
      poolSubmitted: pool.submitted, poolWanted: pool.items * s.redundancy };
  });
}

/**
 * Leases the next item of a study to a grader, or returns their live lease. Returns null when the
 * grader has nothing left to do in this study.
 *
 * Each attempt is its own short transaction that locks the grader's row, then one item's row:
 * always in that order and never two items at once, so concurrent leases and submissions on
 * PostgreSQL cannot deadlock, and two tabs of one grader cannot take two leases.
 */
export async function leaseNext(db: Db, grader: SessionUser, studyId: string, now: Date) {
  const study = await repo.studyState(db, studyId);
  if (!study) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  if (study.status !== "RUNNING") {
    throw new TRPCError({ code: "PRECONDITION_FAILED", message: `This study is ${study.status.toLowerCase()}; no new tasks are handed out.` });
  }
  const locales = study.locales.map((l) => l.localeCode).filter((l) => grader.locales.includes(l));
  if (locales.length === 0) throw new TRPCError({ code: "FORBIDDEN", message: "This study has no locale of yours." });

  for (let round = 0; round < LEASE_ROUNDS; round++) {
    const own = await repo.liveLeaseOf(db, studyId, grader.id, now);
    if (own) return gradingTask(db, grader, own.id, study);
    const items = await repo.eligibleItems(db, study.id, grader.id, locales, study.redundancy, now, CANDIDATE_WINDOW);
    if (items.length === 0) return null;
    const ordered = orderLeaseCandidates(items, study.redundancy, grader.id);
    for (const candidate of ordered) {
      const leasedId = await tryLease(db, study, grader.id, candidate.id, now);
      if (leasedId) return gradingTask(db, grader, leasedId, study);
    }
  }
  return null;
}

async function tryLease(db: Db, study: GradingStudy, graderId: string, itemId: string, now: Date): Promise<string | null> {
  const engine = engineOf(db);
  try {
    return await db.$transaction(async (tx) => {
      await repo.lockGrader(tx, graderId);
      const own = await repo.liveLeaseOf(tx, study.id, graderId, now);
      if (own) return own.id;
      // Re-check under the item's lock: another grader or instance may have leased it since we looked.
      const locked = await repo.lockItemForLease(tx, itemId, engine);
      if (!locked || locked.submittedCount + (await repo.countLiveLeases(tx, itemId, now)) >= study.redundancy) return null;
      const lease = await repo.createLease(tx, {
        studyId: study.id, itemId, graderId, leasedAt: now, expiresAt: leaseExpiry(now, study.leaseMinutes),
        candidateSide: study.type === "SIDE_BY_SIDE" ? sideFromCoin(randomInt(2) / 2) : null,
      });
      return lease.id;
    });
  } catch (error) {
    // This grader already holds (or held) an assignment for the item: try the next one.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The blind view of one assignment: no model names, model ids or response ids. */
export async function gradingTask(db: Db, grader: SessionUser, assignmentId: string, loaded?: GradingStudy) {
  const a = await repo.taskView(db, assignmentId, grader.id);
  if (!a) throw new TRPCError({ code: "NOT_FOUND", message: "No such task of yours." });
  const study = loaded?.id === a.studyId ? loaded : (await repo.studyState(db, a.studyId))!;
  const { prompt, response, baselineResponse } = a.item;
  const view = (r: { text: string; attachments: { id: string; fileName: string }[] }) => ({
    text: r.text, images: r.attachments.map((x) => ({ url: attachmentUrl(x.id), alt: x.fileName })),
  });
  const shown = baselineResponse && a.candidateSide === "RIGHT" ? [baselineResponse, response]
    : baselineResponse ? [response, baselineResponse] : [response];
  return {
    assignmentId: a.id, status: a.status, expiresAt: a.expiresAt,
    study: { id: study.id, name: study.name, type: study.type, guidelines: study.guidelines },
    prompt: { text: prompt.text, locale: prompt.localeCode, category: prompt.category, modality: prompt.modality,
      images: prompt.attachments.map((x) => ({ url: attachmentUrl(x.id), alt: x.fileName })) },
    responses: shown.map((r, i) => ({ label: `Response ${i + 1}`, ...view(r) })),
    dimensions: applicableDimensions(await dimensionsOf(db, study.id), prompt.modality)
      .map(({ key, label, description, scaleMin, scaleMax }) => ({ key, label, description, scaleMin, scaleMax })),
  };
}

export type SubmitOutcome = { status: "stored" | "already-submitted"; surplus: boolean };

export async function submitAssignment(db: Db, grader: SessionUser, input: TSubmitAssignment, now: Date): Promise<SubmitOutcome> {
  try {
    return await db.$transaction(async (tx) => {
      const first = await repo.assignmentItem(tx, input.assignmentId, grader.id);
      if (!first) throw new TRPCError({ code: "NOT_FOUND", message: "No such task of yours." });
      // Serialise with leases and other submissions of this item, then read the assignment again.
      const { submittedCount } = await repo.lockItem(tx, first.itemId);
      const a = (await repo.assignmentForSubmit(tx, input.assignmentId, grader.id))!;
      if (a.status === "SUBMITTED") return { status: "already-submitted" as const, surplus: a.surplus };
      if (a.status === "SKIPPED") throw new TRPCError({ code: "CONFLICT", message: "You skipped this task; it can no longer be submitted." });

      const study = (await repo.studyState(tx, a.studyId))!;
      const dims = applicableDimensions(await dimensionsOf(tx, a.studyId), a.item.prompt.modality);
      const problems = validateSubmission(dims, input);
      if (problems.length) throw new TRPCError({ code: "BAD_REQUEST", message: problems.map((p) => `${p.field}: ${p.message}`).join("; ") });

      const sideBySide = study.type === "SIDE_BY_SIDE";
      const rows = dims.map((d) => {
        const v = input.values[d.key];
        const value = v === undefined ? null : v;
        return { dimensionId: d.dimensionId,
          preference: sideBySide && value !== null ? toCandidatePreference(value, a.candidateSide ?? "RIGHT") : null,
          score: !sideBySide ? value : null };
      });
      // Stored even when the item already has k accepted judgments: marked surplus, never thrown away.
      const surplus = submittedCount >= study.redundancy;
      await repo.storeSubmission(tx, a, grader.id, rows, {
        comment: input.comment?.trim() || null, cannotAssess: input.cannotAssess, harmful: input.harmful,
        timeSpentMs: input.timeSpentMs ?? null, surplus, now,
      });
      return { status: "stored" as const, surplus };
    });
  } catch (error) {
    // A concurrent duplicate that slipped past the status check hits the unique key instead.
    if (isUniqueViolation(error)) return { status: "already-submitted", surplus: false };
    throw error;
  }
}

export async function skipAssignment(db: Db, grader: SessionUser, assignmentId: string, reason: string) {
  const a = await repo.findOwnAssignment(db, assignmentId, grader.id);
  if (!a) throw new TRPCError({ code: "NOT_FOUND", message: "No such task of yours." });
  if (a.status === "SUBMITTED") throw new TRPCError({ code: "CONFLICT", message: "This task was already submitted." });
  if (a.status !== "SKIPPED") await repo.setAssignmentStatus(db, a.id, { status: "SKIPPED", skipReason: reason });
  return { ok: true };
}

export const liveLeases = (db: Db, studyId: string, now: Date) => repo.liveLeasesOfStudy(db, studyId, now);

export async function releaseLease(db: Db, actorId: string, assignmentId: string) {
  const a = await repo.findAssignment(db, assignmentId);
  if (!a) throw new TRPCError({ code: "NOT_FOUND", message: "No such lease." });
  if (a.status !== "LEASED") throw new TRPCError({ code: "CONFLICT", message: `This lease is already ${a.status.toLowerCase()}.` });
  await repo.setAssignmentStatus(db, a.id, { status: "RELEASED" });
  await recordAudit(db, { actorId, action: "lease.release", entityType: "Assignment", entityId: a.id, details: { studyId: a.studyId } });
  return { ok: true };
}
