import { randomInt } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { recordAudit } from "../audit/repo";
import { attachmentUrl } from "../attachments/attachment-url";
import { isAudio } from "../attachments/domain/media-type";
import type { SessionUser } from "../auth/service";
import type { Db } from "../db/client";
import { toBoolean } from "../db/native-read";
import { isDuplicateKey } from "../db/errors";
import { localizedError } from "../i18n/localized-error";
import { userLanguage } from "../i18n/domain/languages";
import { translate } from "../i18n/translator";
import { graderTexts, studyTitlesIn } from "../translations/service";
import { applicableDimensions, type StudyDimensionView } from "./domain/applicable-dimensions";
import { sideFromCoin, toCandidatePreference } from "./domain/candidate-preference";
import { leaseExpiry } from "./domain/lease-expiry";
import { orderLeaseCandidates } from "./domain/lease-order";
import { planSubmission, type SubmissionPlan } from "./domain/plan-submission";
import { controlStep } from "../quality/service";
import { stableHash } from "./domain/lease-order";
import { hotPathFor, type GradingHotPath } from "./hot-path";
import type { StudyState } from "./hot-path-rows";
import * as repo from "./repo";
import type { TSubmitAssignment } from "./schema";

type StudyDimension = StudyDimensionView & { dimensionId: string };

const CANDIDATE_WINDOW = 25;
const LEASE_ROUNDS = 3;

// A study's type, k, dimensions and scales never change after it is created, so each instance
// keeps them once per study instead of reading them on every lease and submission (the grader's
// hot path). Nothing here is needed by another instance; status and capacity are always read fresh.
interface StudyConstants {
  type: "SIDE_BY_SIDE" | "SINGLE_SIDED";
  redundancy: number;
  dimensions: StudyDimension[];
}
const constantsCache = new Map<string, StudyConstants>();

async function studyConstantsOf(db: Db, hot: GradingHotPath, studyId: string): Promise<StudyConstants> {
  let c = constantsCache.get(studyId);
  if (!c) {
    const [s, dims] = await Promise.all([hot.studyState(studyId), repo.studyDimensions(db, studyId)]);
    if (!s) throw localizedError("NOT_FOUND", "errors.noSuchStudy");
    c = { type: s.type, redundancy: s.redundancy,
      dimensions: dims.map((d) => ({ dimensionId: d.dimensionId, scaleMin: d.scaleMin, scaleMax: d.scaleMax, ...d.dimension })) };
    if (constantsCache.size > 1000) constantsCache.clear();
    constantsCache.set(studyId, c);
  }
  return c;
}

export async function gradingQueue(db: Db, grader: SessionUser) {
  const studies = await repo.runningStudiesFor(db, grader.locales);
  const [counts, titles] = await Promise.all([
    repo.queueCounts(db, studies.map((s) => s.id), grader.id, grader.locales),
    studyTitlesIn(db, userLanguage(grader), studies),
  ]);
  return studies.map((s) => {
    const pool = counts.pool.get(s.id) ?? { items: 0, submitted: 0 };
    return { id: s.id, title: titles.get(s.id)!, type: s.type, doneByMe: counts.mine.get(s.id) ?? 0,
      poolSubmitted: pool.submitted, poolWanted: pool.items * s.redundancy };
  });
}

/**
 * Leases the next item of a study to a grader, or returns their live lease. Returns null when the
 * grader has nothing left to do in this study.
 *
 * The candidates are handed to one lease call (hot-path.ts), a short transaction that re-checks
 * each item's room under its lock until one has room: SQLite's single write lock, or on PostgreSQL
 * the grader's row and then each item's row, skipping an item another transaction holds, so
 * concurrent leases and submissions cannot deadlock, and two tabs of one grader cannot take two
 * leases.
 */
export async function leaseNext(db: Db, grader: SessionUser, studyId: string, now: Date) {
  const hot = hotPathFor(db);
  // The grader's live lease is asked for with the study (one round trip to the database, not two):
  // most calls return that lease (a reload, a second tab) or need to know there is none.
  const [study, liveLease] = await Promise.all([hot.studyState(studyId), hot.liveLeaseOf(studyId, grader.id, now)]);
  if (!study) throw localizedError("NOT_FOUND", "errors.noSuchStudy");
  if (study.status !== "RUNNING") throw localizedError("PRECONDITION_FAILED", "errors.studyNotRunning", { status: study.status.toLowerCase() });
  const locales = study.locales.map((l) => l.localeCode).filter((l) => grader.locales.includes(l));
  if (locales.length === 0) throw localizedError("FORBIDDEN", "errors.noLocaleOfYours");

  // Each candidate gets its own coin for the candidate's side, whichever of them is leased.
  const lease = (itemIds: string[], redundancy: number) => hot.lease({
    studyId: study.id, itemIds, graderId: grader.id, redundancy, now, expiresAt: leaseExpiry(now, study.leaseMinutes),
    candidateSides: itemIds.map(() => (study.type === "SIDE_BY_SIDE" ? sideFromCoin(randomInt(2) / 2) : null)),
  });

  // Quality control (only in studies that use it) decides first: the qualification set before
  // anything else, then now and then a gold or attention item. They are leased like any task and
  // look like one; only k does not apply.
  const requireQualification = toBoolean(study.requireQualification);
  const controlled = requireQualification || study.goldRate > 0;
  for (let round = 0; round < LEASE_ROUNDS; round++) {
    const own = round === 0 ? liveLease : await hot.liveLeaseOf(studyId, grader.id, now);
    if (own) return gradingTask(db, grader, own.id, study);
    if (round === 0 && controlled) {
      const step = await controlStep(db, { id: study.id, goldRate: Number(study.goldRate), requireQualification, qualificationPassRate: Number(study.qualificationPassRate) }, grader.id, locales);
      if (step.kind === "blocked") throw localizedError("PRECONDITION_FAILED", step.reason);
      if (step.kind === "serve") {
        const order = [...step.itemIds].sort((x, y) => stableHash(`${grader.id}:${x}`) - stableHash(`${grader.id}:${y}`));
        const leasedId = order.length ? await lease(order, Number.MAX_SAFE_INTEGER) : null;
        if (leasedId) return gradingTask(db, grader, leasedId, study);
        if (step.exclusive) return null;
      }
    }
    const items = await hot.eligibleItems(study.id, grader.id, locales, study.redundancy, now, CANDIDATE_WINDOW);
    if (items.length === 0) return null;
    const leasedId = await lease(orderLeaseCandidates(items, study.redundancy, grader.id).map((c) => c.id), study.redundancy);
    if (leasedId) return gradingTask(db, grader, leasedId, study);
  }
  return null;
}

/** The blind view of one assignment: no model names, model ids or response ids. */
export async function gradingTask(db: Db, grader: SessionUser, assignmentId: string, loaded?: StudyState) {
  const hot = hotPathFor(db);
  const a = await hot.taskView(assignmentId, grader.id);
  if (!a) throw localizedError("NOT_FOUND", "errors.noSuchTask");
  const study = loaded?.id === a.studyId ? loaded : (await hot.studyState(a.studyId))!;
  const { prompt, response, baselineResponse } = a.item;
  // Alt text is neutral: an uploaded file's name can name the model that made the image.
  type Media = { id: string; mimeType: string; durationMs: number | null };
  const language = userLanguage(grader);
  const images = (attachments: Media[]) => attachments.filter((x) => !isAudio(x)).map((x, i) => ({ url: attachmentUrl(x.id), alt: translate(language, "common.imageAlt", { n: i + 1 }) }));
  // Audio clips by opaque URL and length only: no file name, no format beyond the type the browser needs.
  const audio = (attachments: Media[]) => attachments.filter(isAudio)
    .map((x) => ({ url: attachmentUrl(x.id), mimeType: x.mimeType, durationMs: x.durationMs }));
  const view = (r: { text: string; attachments: Media[] }) => ({ text: r.text, images: images(r.attachments), audio: audio(r.attachments) });
  const shown = baselineResponse && a.candidateSide === "RIGHT" ? [baselineResponse, response]
    : baselineResponse ? [response, baselineResponse] : [response];
  // Title, guidelines and dimensions in the grader's language (the researcher's translation, the
  // catalogue's for built-in dimensions, else English).
  const texts = await graderTexts(db, language, study, applicableDimensions((await studyConstantsOf(db, hot, study.id)).dimensions, prompt.modality));
  return {
    assignmentId: a.id, status: a.status, expiresAt: a.expiresAt,
    study: { id: study.id, title: texts.title, type: study.type, status: study.status, guidelines: texts.guidelines,
      requireFullListen: toBoolean(study.requireFullListen) },
    // Earlier turns of a conversation (null for a single-turn prompt): shared context, written by
    // no model in the study, shown before the final user turn.
    prompt: { text: prompt.text, locale: prompt.localeCode, category: prompt.category, modality: prompt.modality,
      conversation: prompt.conversation?.map(({ role, content, attachments }, turn) => ({ role, content,
        images: attachments.map((x, i) => ({ url: attachmentUrl(x.id), alt: translate(language, "common.turnImageAlt", { n: i + 1, turn: turn + 1 }) })) })) ?? null,
      images: images(prompt.attachments), audio: audio(prompt.attachments) },
    responses: shown.map((r, i) => ({ label: `Response ${i + 1}`, ...view(r) })),
    dimensions: texts.dimensions.map(({ key, label, description, scaleMin, scaleMax }) => ({ key, label, description, scaleMin, scaleMax })),
  };
}

export type SubmitOutcome = {
  status: "stored" | "already-submitted";
  surplus: boolean;
  /** For "already-submitted": what was stored (from another tab or device), as the grader's screen shows it. */
  stored?: Record<string, number>;
};

/** Turns a plan into the outcome the grader sees, or the error that explains why nothing was stored. */
function outcomeOf(plan: Exclude<SubmissionPlan, { kind: "store" }>): SubmitOutcome {
  if (plan.kind === "already-submitted") return { status: "already-submitted", surplus: plan.surplus };
  if (plan.kind === "skipped") throw localizedError("CONFLICT", "errors.skipped");
  if (plan.kind === "refused") {
    const code = plan.reason === "released" ? "CONFLICT" : "PRECONDITION_FAILED";
    throw plan.reason === "locale" ? localizedError(code, "errors.localeRemoved", { locale: plan.locale ?? "" }) : localizedError(code, `errors.${plan.reason}`);
  }
  throw new TRPCError({ code: "BAD_REQUEST", message: plan.problems.map((p) => `${p.field}: ${p.message}`).join("; ") });
}

const notYours = () => localizedError("NOT_FOUND", "errors.noSuchTask");

export async function submitAssignment(db: Db, grader: SessionUser, input: TSubmitAssignment, now: Date): Promise<SubmitOutcome> {
  const hot = hotPathFor(db);
  const meta = (surplus: boolean) => ({ comment: input.comment?.trim() || null, cannotAssess: input.cannotAssess, harmful: input.harmful,
    timeSpentMs: input.timeSpentMs ?? null, surplus, now });
  try {
    // The decision needs the study's fixed type, k and dimensions (cached per instance). The
    // transaction cannot wait for a database read on SQLite, so when they are not cached yet it
    // ends without writing, they are loaded, and it runs once more.
    let loaded: { studyId: string; constants: StudyConstants } | null = null;
    for (;;) {
      const outcome = await hot.submit<SubmitOutcome | { load: string }>(input.assignmentId, grader.id, now, (a) => {
        if (!a) throw notYours();
        const study = constantsCache.get(a.studyId) ?? (loaded?.studyId === a.studyId ? loaded.constants : undefined);
        if (!study) return { result: { load: a.studyId } };
        // Control items (gold, attention, qualification) are served to every grader: no k, never surplus.
        const plan = planSubmission(a, a.submittedCount, a.control === "NONE" ? study : { ...study, redundancy: Infinity }, study.dimensions, input, grader.locales);
        if (plan.kind !== "store") return { result: outcomeOf(plan) };
        return { store: { rows: plan.rows, meta: meta(plan.surplus) }, result: { status: "stored", surplus: plan.surplus } };
      });
      if (!("load" in outcome)) return outcome.status === "already-submitted" ? { ...outcome, stored: await storedOnScreen(db, input.assignmentId) } : outcome;
      loaded = { studyId: outcome.load, constants: await studyConstantsOf(db, hot, outcome.load) };
    }
  } catch (error) {
    // The status check runs under the assignment's lock; the unique key is the last line of defence.
    if (isDuplicateKey(error)) return { status: "already-submitted", surplus: false };
    throw error;
  }
}

/** A stored submission in the grader's own terms: side-by-side preferences back to "Response 1 / 2". */
async function storedOnScreen(db: Db, assignmentId: string): Promise<Record<string, number>> {
  const rows = await repo.storedAnswers(db, assignmentId);
  return Object.fromEntries(rows.map((r) => [r.dimension.key,
    r.preference !== null ? toCandidatePreference(r.preference, r.candidateSide ?? "RIGHT") : Number(r.score)]));
}

/** How many tasks are left for the grader in a study, the one in hand included. */
export async function gradingProgress(db: Db, grader: SessionUser, studyId: string, now: Date) {
  const hot = hotPathFor(db);
  const study = await hot.studyState(studyId);
  if (!study) throw localizedError("NOT_FOUND", "errors.noSuchStudy");
  const locales = study.locales.map((l) => l.localeCode).filter((l) => grader.locales.includes(l));
  const [left, own] = await Promise.all([
    repo.itemsLeftFor(db, studyId, grader.id, locales, study.redundancy),
    hot.liveLeaseOf(studyId, grader.id, now),
  ]);
  return { leftForYou: left + (own ? 1 : 0) };
}

export async function skipAssignment(db: Db, grader: SessionUser, assignmentId: string, reason: string) {
  const a = await repo.findOwnAssignment(db, assignmentId, grader.id);
  if (!a) throw localizedError("NOT_FOUND", "errors.noSuchTask");
  if (a.status === "SUBMITTED") throw localizedError("CONFLICT", "errors.alreadySubmitted");
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
