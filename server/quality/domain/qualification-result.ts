// A grader's result on a study's qualification set: the share of checked answers (one per
// dimension with an expected answer, on every qualification item) that matched.

export interface QualificationResult {
  correct: number;
  total: number;
  passed: boolean;
}

export function qualificationResult(matches: boolean[], passRate: number): QualificationResult {
  const correct = matches.filter(Boolean).length;
  const total = matches.length;
  // Compared as counts so that 8 of 10 passes at 0.8 despite floating point.
  return { correct, total, passed: total > 0 && correct >= Math.ceil(passRate * total - 1e-9) };
}
