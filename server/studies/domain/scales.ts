// Side-by-side: a 7-point preference relative to the candidate; single-sided: a 1..5 score.
export type StudyType = "SIDE_BY_SIDE" | "SINGLE_SIDED";

export const SCALES: Record<StudyType, { min: number; max: number }> = {
  SIDE_BY_SIDE: { min: -3, max: 3 },
  SINGLE_SIDED: { min: 1, max: 5 },
};
