// Whether a grader's answer on one dimension of a control item matches its expected answer.
// Side-by-side answers are stored in the candidate's terms (positive = candidate better), so the
// check does not depend on which side the candidate was shown on.

export type GoldVerdict = "CANDIDATE" | "BASELINE" | "SAME";

/** A verdict for side-by-side studies, or an inclusive score range for single-sided ones. */
export interface Expectation {
  verdict: GoldVerdict | null;
  scoreMin: number | null;
  scoreMax: number | null;
}

export interface Answer {
  /** -3..+3, positive = candidate better; null when the grader could not assess */
  preference: number | null;
  score: number | null;
}

export function matchesExpectation(e: Expectation, a: Answer): boolean {
  if (e.verdict !== null) {
    if (a.preference === null) return false;
    if (e.verdict === "CANDIDATE") return a.preference > 0;
    if (e.verdict === "BASELINE") return a.preference < 0;
    return a.preference === 0;
  }
  if (e.scoreMin === null || e.scoreMax === null || a.score === null) return false;
  return a.score >= e.scoreMin && a.score <= e.scoreMax;
}

const VERDICT_WORDS: Record<GoldVerdict, string> = { CANDIDATE: "candidate better", BASELINE: "baseline better", SAME: "about the same" };

/** For researchers: "candidate better", "score 4–5". */
export function describeExpectation(e: Expectation): string {
  if (e.verdict !== null) return VERDICT_WORDS[e.verdict];
  return e.scoreMin === e.scoreMax ? `score ${e.scoreMin}` : `score ${e.scoreMin}–${e.scoreMax}`;
}

/** Which response on the grader's screen is meant, given whether the candidate's is the better one. */
const betterOnScreen = (candidateBetter: boolean, candidateShownOn: "LEFT" | "RIGHT" | null) =>
  candidateBetter === ((candidateShownOn ?? "LEFT") === "LEFT") ? 1 : 2;

/**
 * For the grader who answered it, in the terms they saw: which of the two responses on their
 * screen was expected (they never learn which model wrote which).
 */
export function describeForGrader(e: Expectation, candidateShownOn: "LEFT" | "RIGHT" | null): GraderWords {
  if (e.verdict === null) return e.scoreMin === e.scoreMax ? { key: "score", values: { value: e.scoreMin ?? 0 } } : { key: "scoreRange", values: { min: e.scoreMin ?? 0, max: e.scoreMax ?? 0 } };
  if (e.verdict === "SAME") return { key: "same", values: {} };
  return { key: "better", values: { n: betterOnScreen(e.verdict === "CANDIDATE", candidateShownOn) } };
}

/** Words for the grader, as a key under qualification.answer.* in the message catalogue and its values. */
export interface GraderWords {
  key: "score" | "scoreRange" | "same" | "better" | "betterBy" | "given" | "cannotAssess" | "none";
  values: Record<string, number>;
}

/** How a stored answer reads to the grader who gave it (same terms as describeForGrader). */
export function describeAnswerForGrader(a: Answer, candidateShownOn: "LEFT" | "RIGHT" | null): GraderWords {
  if (a.preference === null && a.score === null) return { key: "cannotAssess", values: {} };
  if (a.score !== null) return { key: "given", values: { value: a.score } };
  const p = a.preference!;
  if (p === 0) return { key: "same", values: {} };
  return { key: "betterBy", values: { n: betterOnScreen(p > 0, candidateShownOn), strength: Math.abs(p) } };
}
