// How one prompt's graders make its verdict. "mean" (the default): the sign of the mean of their
// preferences, so +3 and −1 is a win for A and +1 and −1 "about the same". "majority": the side
// more graders preferred, whatever the strengths, so +3 and −1 and −1 is a win for B; equal counts
// are a tie. Either way a prompt whose graders disagree in direction is also counted as split
// (split_rate), so disagreement is visible rather than hidden inside ties.
export const VERDICT_RULES = ["mean", "majority"] as const;
export type VerdictRule = (typeof VERDICT_RULES)[number];

export interface VerdictInputs {
  /** sum of preferences (relative to model A) */
  sum: number;
  /** judgments preferring A, and B */
  positive: number;
  negative: number;
}

/** +1 when the prompt goes to A, −1 to B, 0 about the same. */
export function promptVerdict(u: VerdictInputs, rule: VerdictRule): 1 | -1 | 0 {
  const d = rule === "majority" ? u.positive - u.negative : u.sum;
  return d > 0 ? 1 : d < 0 ? -1 : 0;
}

/** The rule a study stores, read safely: anything but "majority" is the default. */
export function verdictRuleOf(stored: string): VerdictRule {
  return stored === "majority" ? "majority" : "mean";
}
