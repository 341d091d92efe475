// Everything a judgments file will create, gathered in a first pass over the file, and every
// problem that spans rows: a study of two types, a prompt described two ways, the same judgment
// twice. A side-by-side study may compare any number of models, each row naming its pair.
import type { ImportProblem } from "./import-error";
import { preferenceForCandidate, type JudgmentRow } from "./judgment-row";

export interface PlannedStudy {
  name: string;
  type: JudgmentRow["type"];
  /** every model in the order first named (side-by-side: a pair's model A is the one named first; with two, the candidate) */
  models: string[];
  dimensions: Set<string>;
  locales: Set<string>;
  prompts: Map<string, { locale: string; category: string; modality: JudgmentRow["modality"]; line: number; pairs: Set<string> }>;
}

/** A side-by-side row's pair in the study's order (model A first), as one key. */
export const pairInStudy = (models: string[], row: JudgmentRow): [string, string] =>
  models.indexOf(row.models[0]) < models.indexOf(row.models[1]) ? [row.models[0], row.models[1]] : [row.models[1], row.models[0]];

export class JudgmentPlan {
  readonly studies = new Map<string, PlannedStudy>();
  readonly graders = new Set<string>();
  readonly models = new Set<string>();
  readonly dimensions = new Set<string>();
  private readonly seen = new Map<string, number>();
  private readonly index = new Map<string, number>();
  rows = 0;

  /** Short keys keep the duplicate check small for files of a million rows. */
  private id(kind: string, value: string): number {
    const k = `${kind}\u0000${value}`;
    let i = this.index.get(k);
    if (i === undefined) {
      i = this.index.size;
      this.index.set(k, i);
    }
    return i;
  }

  add(row: JudgmentRow): ImportProblem[] {
    const problems: ImportProblem[] = [];
    const p = (field: string, message: string) => problems.push({ line: row.line, field, message });
    let study = this.studies.get(row.study);
    if (!study) {
      study = { name: row.study, type: row.type, models: [...row.models], dimensions: new Set(), locales: new Set(), prompts: new Map() };
      this.studies.set(row.study, study);
    }
    if (study.type !== row.type) p("type", `study "${row.study}" is ${study.type} in earlier rows`);

    let prompt = study.prompts.get(row.promptId);
    if (!prompt) {
      prompt = { locale: row.locale, category: row.category, modality: row.modality, line: row.line, pairs: new Set() };
      study.prompts.set(row.promptId, prompt);
    } else {
      for (const [field, a, b] of [["locale", prompt.locale, row.locale], ["category", prompt.category, row.category], ["modality", prompt.modality, row.modality]] as const) {
        if (a !== b) p(field, `prompt ${row.promptId} is ${a} on line ${prompt.line}, ${b} here`);
      }
    }
    // One judgment per study, prompt, model (single-sided) or pair (side-by-side, either order), grader and dimension.
    const [m0, m1] = row.models;
    const subject = row.type === "single_sided" ? m0 : m0 < m1 ? `${m0} vs ${m1}` : `${m1} vs ${m0}`;
    const key = [this.id("s", row.study), this.id("p", row.promptId), this.id("m", subject), this.id("g", row.grader), this.id("d", row.dimension)].join(",");
    const earlier = this.seen.get(key);
    if (earlier !== undefined) p("grader", `${row.grader} already judged ${row.dimension} of prompt ${row.promptId} for ${subject} on line ${earlier}`);
    else this.seen.set(key, row.line);

    if (problems.length === 0) {
      this.rows++;
      for (const m of row.models) if (!study.models.includes(m)) study.models.push(m);
      if (row.type === "side_by_side") prompt.pairs.add(row.models.join("\u0000"));
      study.dimensions.add(row.dimension);
      study.locales.add(row.locale);
      this.graders.add(row.grader);
      this.dimensions.add(row.dimension);
      for (const m of row.models) this.models.add(m);
    }
    return problems;
  }

  /** The value to store: preferences relative to the pair's model A, scores as they are. */
  storedValue(row: JudgmentRow): number {
    return row.type === "side_by_side" ? preferenceForCandidate(row, pairInStudy(this.studies.get(row.study)!.models, row)[0]) : row.value;
  }
}
