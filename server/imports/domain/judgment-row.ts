// One row of a judgments file: validated, with side-by-side preferences normalised so that the
// study's first-named model (its candidate) is always model A.
import { LOCALE_PATTERN, RowReader, type Fields } from "./fields";
import type { Modality } from "../../studies/domain/modality";
import type { ImportProblem } from "./import-error";

export const JUDGMENT_COLUMNS = ["study", "type", "prompt_id", "locale", "category", "modality", "grader", "dimension", "model_a", "model_b", "preference", "model", "score"];

export interface JudgmentRow {
  line: number;
  study: string;
  type: "side_by_side" | "single_sided";
  promptId: string;
  locale: string;
  category: string;
  modality: Modality;
  grader: string;
  dimension: string;
  /** side-by-side: [model_a, model_b] as written; single-sided: [model] */
  models: string[];
  /** side-by-side preference as written (positive = model_a better); single-sided score */
  value: number;
}

export function parseJudgmentRow(fields: Fields, line: number): { row: JudgmentRow | null; problems: ImportProblem[] } {
  const r = new RowReader(fields, line);
  const study = r.text("study", { required: true, max: 120 });
  const type = r.oneOf("type", ["side_by_side", "single_sided"] as const, { "side-by-side": "side_by_side", sxs: "side_by_side", "single-sided": "single_sided" });
  const promptId = r.text("prompt_id", { required: true, max: 200 });
  const locale = r.text("locale", { required: true });
  if (locale && !LOCALE_PATTERN.test(locale)) r.problem("locale", `"${locale}" is not a BCP 47 tag such as en-US`);
  const category = r.text("category", { required: true, max: 80 });
  const modality = r.modality("modality");
  const grader = r.text("grader", { required: true, max: 200 });
  const dimension = r.text("dimension", { required: true, max: 40 });
  let models: string[] = [];
  let value: number | null = null;
  if (type === "side_by_side") {
    const a = r.text("model_a", { required: true, max: 120 });
    const b = r.text("model_b", { required: true, max: 120 });
    if (a && b && a === b) r.problem("model_b", "must differ from model_a");
    if (r.present("score")) r.problem("score", "a side-by-side row has a preference, not a score");
    if (r.present("model")) r.problem("model", "a side-by-side row names model_a and model_b, not model");
    if (!r.present("preference")) r.problem("preference", "is missing");
    value = r.integer("preference", -3, 3);
    models = [a, b];
  } else if (type === "single_sided") {
    const m = r.text("model", { required: true, max: 120 });
    if (r.present("preference")) r.problem("preference", "a single-sided row has a score, not a preference");
    if (r.present("model_a") || r.present("model_b")) r.problem("model_a", "a single-sided row names one model, in model");
    if (!r.present("score")) r.problem("score", "is missing");
    value = r.integer("score", 1, 5);
    models = [m];
  }
  if (r.problems.length || !type || !modality || value === null) return { row: null, problems: r.problems };
  return {
    row: { line, study, type, promptId, locale, category, modality, grader, dimension, models, value },
    problems: [],
  };
}

