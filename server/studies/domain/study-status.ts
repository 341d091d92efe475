// The life of a study. Pausing stops new leases; completing is final so results stop moving.
export const STUDY_STATUSES = ["DRAFT", "RUNNING", "PAUSED", "COMPLETED"] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

const NEXT: Record<StudyStatus, readonly StudyStatus[]> = {
  DRAFT: ["RUNNING"],
  RUNNING: ["PAUSED", "COMPLETED"],
  PAUSED: ["RUNNING", "COMPLETED"],
  COMPLETED: [],
};

export function canTransition(from: StudyStatus, to: StudyStatus): boolean {
  return NEXT[from].includes(to);
}

export function transitionError(from: StudyStatus, to: StudyStatus): string | null {
  if (canTransition(from, to)) return null;
  if (from === to) return `The study is already ${from.toLowerCase()}.`;
  if (from === "COMPLETED") return "A completed study cannot change status.";
  return `A ${from.toLowerCase()} study cannot be set to ${to.toLowerCase()}; allowed: ${NEXT[from].map((s) => s.toLowerCase()).join(", ")}.`;
}
