// Graders answer relative to what they see (negative = Response 1 better, positive = Response 2
// better); Verdict stores preferences relative to the study's candidate (positive = candidate
// better) so analytics never need to know the side.
export type Side = "LEFT" | "RIGHT";

export function toCandidatePreference(shownValue: number, candidateSide: Side): number {
  return candidateSide === "RIGHT" ? shownValue : -shownValue;
}

export const sideFromCoin = (coin: number): Side => (coin < 0.5 ? "LEFT" : "RIGHT");
