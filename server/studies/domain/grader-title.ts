// The only title of a study a grader ever sees. A study's internal name is for researchers and
// often names the models compared ("Server 2026 vs 2025"); graders see the grader-facing title
// the researcher wrote, or a neutral one for the study's type.
export function graderFacingTitle(study: { graderTitle: string; type: "SIDE_BY_SIDE" | "SINGLE_SIDED" }): string {
  return study.graderTitle.trim() || (study.type === "SIDE_BY_SIDE" ? "Compare two responses" : "Rate one response");
}

/** Names of models (case-insensitive) that appear in grader-facing text: the wizard warns about each. */
export function modelNamesIn(texts: string[], modelNames: string[]): string[] {
  const hay = texts.join("\n").toLowerCase();
  return modelNames.filter((n) => n.trim().length >= 3 && hay.includes(n.trim().toLowerCase()));
}
