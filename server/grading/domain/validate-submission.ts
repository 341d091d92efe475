// Checks a grader's answers against the dimensions that apply to the task. Returns every problem,
// each naming the field, so the page can point at all of them at once.
import type { StudyDimensionView } from "./applicable-dimensions";

export interface SubmissionAnswers {
  values: Record<string, number>;
  comment?: string | null;
  cannotAssess: boolean;
  harmful: boolean;
}

export interface SubmissionProblem {
  field: string;
  /** In English, for API clients and logs. */
  message: string;
  /** The same under errors.* in the message catalogue; `dimension` values are dimension keys, named by the page in the grader's language. */
  key: "flaggedNeedsComment" | "unknownDimension" | "chooseAnswer" | "answerOutOfRange";
  values: Record<string, string | number>;
}

/** `dims`: the dimensions that apply to the task (see applicable-dimensions.ts); only their key, label and scale are read. */
export function validateSubmission(dims: Pick<StudyDimensionView, "key" | "label" | "scaleMin" | "scaleMax">[], answers: SubmissionAnswers): SubmissionProblem[] {
  const problems: SubmissionProblem[] = [];
  const flagged = answers.cannotAssess || answers.harmful;
  if (flagged && !answers.comment?.trim()) {
    problems.push({ field: "comment", message: "A flagged task needs a comment saying what is wrong.", key: "flaggedNeedsComment", values: {} });
  }
  const known = new Set(dims.map((d) => d.key));
  for (const key of Object.keys(answers.values)) {
    if (!known.has(key)) problems.push({ field: `values.${key}`, message: `"${key}" is not a dimension of this task`, key: "unknownDimension", values: { key } });
  }
  for (const d of dims) {
    const v = answers.values[d.key];
    if (v === undefined) {
      // "Cannot assess" is an answer in itself: the dimensions may stay empty.
      if (!answers.cannotAssess) problems.push({ field: `values.${d.key}`, message: `Choose an answer for ${d.label}.`, key: "chooseAnswer", values: { dimension: d.key } });
    } else if (!Number.isInteger(v) || v < d.scaleMin || v > d.scaleMax) {
      problems.push({ field: `values.${d.key}`, message: `${d.label} must be a whole number from ${d.scaleMin} to ${d.scaleMax}`,
        key: "answerOutOfRange", values: { dimension: d.key, min: d.scaleMin, max: d.scaleMax } });
    }
  }
  return problems;
}
