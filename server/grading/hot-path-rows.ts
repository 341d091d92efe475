// Turning the hot path's rows into what the service works with, the same for both engines.
import { toBoolean } from "../db/native-read";
import { readStoredConversation } from "../imports/domain/conversation";
import type { StoredAssignment } from "./domain/plan-submission";
import type { Modality } from "../studies/domain/modality";

export type TaskViewRow = Record<string, unknown>;
export interface AttachmentRow { id: string; fileName: string; mimeType: string; durationMs: number | null; promptId: string | null; responseId: string | null; turn: number | null }

/** The blind view of an assignment: texts and attachment ids, never model names or ids. */
export function shapeTaskView(a: TaskViewRow, attachments: AttachmentRow[], expiresAt: Date) {
  const images = (pick: (x: AttachmentRow) => boolean) => attachments.filter(pick)
    .map((x) => ({ id: x.id, fileName: x.fileName, mimeType: String(x.mimeType), durationMs: x.durationMs === null ? null : Number(x.durationMs) }));
  const response = (id: unknown, text: unknown) => (id ? { text: String(text), attachments: images((x) => x.responseId === id) } : null);
  return {
    id: String(a.id),
    status: String(a.status) as "LEASED" | "SUBMITTED" | "SKIPPED" | "RELEASED",
    candidateSide: (a.candidateSide ?? null) as "LEFT" | "RIGHT" | null,
    expiresAt,
    studyId: String(a.studyId),
    item: {
      prompt: { text: String(a.promptText),
        // Each earlier turn with its own images (attachments of the prompt carrying the turn's index).
        conversation: readStoredConversation(a.promptConversation)?.map((t, turn) => ({ ...t,
          attachments: images((x) => x.promptId === a.promptId && x.turn !== null && Number(x.turn) === turn) })) ?? null,
        localeCode: String(a.locale), category: String(a.category), modality: String(a.modality) as Modality,
        attachments: images((x) => x.promptId === a.promptId && x.turn === null) },
      response: response(a.responseId, a.responseText)!,
      baselineResponse: response(a.baselineId, a.baselineText),
    },
  };
}
export type TaskView = ReturnType<typeof shapeTaskView>;

export interface EligibleRow { id: string; submittedCount: unknown; live: unknown }

/** Per-locale candidates merged: closest to k first, at most `take`. */
export function mergeEligible(rows: EligibleRow[], take: number) {
  return rows.map((r) => ({ id: r.id, submittedCount: Number(r.submittedCount), liveLeases: Number(r.live) }))
    .sort((a, b) => b.submittedCount - a.submittedCount).slice(0, take);
}

export type ItemControl = "NONE" | "GOLD" | "ATTENTION" | "QUALIFICATION";

export interface AssignmentForSubmit extends StoredAssignment {
  id: string;
  studyId: string;
  itemId: string;
  submittedCount: number;
  control: ItemControl;
  /** the exclusion that covers a judgment this grader submits now, if any */
  exclusionId: string | null;
}

export function shapeAssignmentForSubmit(r: Record<string, unknown>): AssignmentForSubmit {
  return { id: String(r.id), studyId: String(r.studyId), itemId: String(r.itemId), status: String(r.status), surplus: toBoolean(r.surplus),
    candidateSide: (r.candidateSide ?? null) as "LEFT" | "RIGHT" | null, modality: r.modality as Modality, submittedCount: Number(r.submittedCount),
    control: String(r.control ?? "NONE") as ItemControl, exclusionId: r.exclusionId ? String(r.exclusionId) : null,
    studyStatus: String(r.studyStatus), locale: String(r.locale) };
}

export interface StudyStateRow {
  id: string; name: string; graderTitle: string; type: "SIDE_BY_SIDE" | "SINGLE_SIDED"; status: "DRAFT" | "RUNNING" | "PAUSED" | "COMPLETED";
  redundancy: number; leaseMinutes: number; guidelines: string;
  /** as the driver returns them: SQLite gives 0/1 for the boolean */
  goldRate: number; requireQualification: boolean | number; qualificationPassRate: number;
  requireFullListen: boolean | number;
}
export type StudyState = StudyStateRow & { locales: { localeCode: string }[] };

/** The parameters of insertJudgments(rows.length), in order. */
export function judgmentParams(a: AssignmentForSubmit, graderId: string, rows: { dimensionId: string; preference: number | null; score: number | null }[],
  m: SubmissionMeta, at: (d: Date) => string): unknown[] {
  const now = at(m.now);
  return rows.flatMap((r) => [a.studyId, a.itemId, a.id, graderId, r.dimensionId, 0, r.preference, r.score, a.candidateSide,
    m.timeSpentMs, m.comment, m.cannotAssess ? 1 : 0, m.harmful ? 1 : 0, m.surplus ? 1 : 0, a.control === "NONE" ? 0 : 1, a.exclusionId, now]);
}

export interface SubmissionMeta { comment: string | null; cannotAssess: boolean; harmful: boolean; timeSpentMs: number | null; surplus: boolean; now: Date }
