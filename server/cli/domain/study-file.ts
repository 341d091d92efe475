// `verdict study create --from FILE.json`: a study definition as a person writes it — models and
// the prompt set by name (ids work too) — turned into the new-study form's definition. The same
// file works against the database and against a server (--server), which resolve the names.

export interface NamedIds { models: Map<string, string>; promptSets: Map<string, string> }

export type StudyFileResult = { ok: true; definition: Record<string, unknown> } | { ok: false; problems: string[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function studyDefinitionFrom(file: unknown, known: NamedIds): StudyFileResult {
  if (!isRecord(file)) return { ok: false, problems: ["the file must hold one JSON object"] };
  const problems: string[] = [];
  const { models, promptSet, dimensions, ...rest } = file;
  const definition: Record<string, unknown> = { ...rest };
  if (models !== undefined) {
    if (!Array.isArray(models) || !models.every((m) => typeof m === "string")) problems.push("models: must be a list of model names");
    else {
      const unknown = models.filter((m) => !known.models.has(m));
      if (unknown.length) problems.push(`models: no model named ${unknown.map((m) => `"${m}"`).join(", ")} (known: ${[...known.models.keys()].join(", ")})`);
      definition.modelIds = models.map((m) => known.models.get(m));
    }
  }
  if (promptSet !== undefined) {
    if (typeof promptSet !== "string") problems.push("promptSet: must be a prompt set's name");
    else if (!known.promptSets.has(promptSet)) problems.push(`promptSet: no prompt set named "${promptSet}" (known: ${[...known.promptSets.keys()].join(", ")})`);
    else definition.promptSetId = known.promptSets.get(promptSet);
  }
  if (dimensions !== undefined) definition.dimensionKeys = dimensions;
  if (models === undefined && definition.modelIds === undefined) problems.push("models: name the models to compare (candidate first)");
  if (promptSet === undefined && definition.promptSetId === undefined) problems.push("promptSet: name the prompt set");
  return problems.length ? { ok: false, problems } : { ok: true, definition };
}
