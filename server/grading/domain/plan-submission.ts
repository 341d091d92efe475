// What to do with a submission, decided from what is stored (the assignment and the item's
// accepted count, read under the item's lock) and the grader's answers. Both engines' write paths
// follow this one decision.
import type { Modality } from "../../studies/domain/modality";
import { applicableDimensions, type StudyDimensionView } from "./applicable-dimensions";
import { toCandidatePreference, type Side } from "./candidate-preference";
import { validateSubmission, type SubmissionAnswers, type SubmissionProblem } from "./validate-submission";

export interface StoredAssignment {
  status: "LEASED" | "SUBMITTED" | "SKIPPED" | "RELEASED" | "EXPIRED" | string;
  surplus: boolean;
  candidateSide: Side | null;
  modality: Modality;
  /** The study's status now: a completed study takes no more answers; a paused one lets graders finish the task in hand. */
  studyStatus: "DRAFT" | "RUNNING" | "PAUSED" | "COMPLETED" | string;
  /** The item's locale, which must still be one of the grader's. */
  locale: string;
}

/** Why a submission is refused although the task was the grader's; the answers stay on their page. */
export const REFUSALS = {
  released: "A researcher released this task, so it can no longer be submitted; nothing was stored. Your answers are still here; take the next task to go on.",
  completed: "This study has been completed and takes no more answers; nothing was stored.",
  locale: (locale: string) => `This task is in ${locale}, which is no longer one of your locales; nothing was stored.`,
};

export interface JudgmentValues {
  dimensionId: string;
  preference: number | null;
  score: number | null;
}

export type SubmissionPlan =
  | { kind: "already-submitted"; surplus: boolean }
  | { kind: "skipped" }
  | { kind: "refused"; reason: "released" | "completed" | "locale"; message: string; locale?: string }
  | { kind: "invalid"; problems: SubmissionProblem[] }
  | { kind: "store"; rows: JudgmentValues[]; surplus: boolean };

export function planSubmission(
  a: StoredAssignment, submittedCount: number, study: { type: "SIDE_BY_SIDE" | "SINGLE_SIDED"; redundancy: number },
  dimensions: (StudyDimensionView & { dimensionId: string })[], answers: SubmissionAnswers, graderLocales: readonly string[],
): SubmissionPlan {
  // A repeat of a stored submission (double click, retry) is acknowledged, not stored twice.
  if (a.status === "SUBMITTED") return { kind: "already-submitted", surplus: a.surplus };
  if (a.status === "SKIPPED") return { kind: "skipped" };
  if (a.status === "RELEASED") return { kind: "refused", reason: "released", message: REFUSALS.released };
  if (a.studyStatus === "COMPLETED") return { kind: "refused", reason: "completed", message: REFUSALS.completed };
  if (!graderLocales.includes(a.locale)) return { kind: "refused", reason: "locale", message: REFUSALS.locale(a.locale), locale: a.locale };
  const dims = applicableDimensions(dimensions, a.modality);
  const problems = validateSubmission(dims, answers);
  if (problems.length) return { kind: "invalid", problems };
  const sideBySide = study.type === "SIDE_BY_SIDE";
  const rows = dims.map((d) => {
    const v = answers.values[d.key];
    const value = v === undefined ? null : v;
    return { dimensionId: d.dimensionId,
      preference: sideBySide && value !== null ? toCandidatePreference(value, a.candidateSide ?? "RIGHT") : null,
      score: !sideBySide ? value : null };
  });
  // Late submissions (lease expired, nobody else took it) are accepted; one past k is stored and
  // marked surplus rather than thrown away.
  return { kind: "store", rows, surplus: submittedCount >= study.redundancy };
}
