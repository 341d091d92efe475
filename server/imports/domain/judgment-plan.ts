// Everything a judgments file will create, gathered in a first pass over the file, and every
// problem that spans rows: a study of two types, a prompt described two ways, the same judgment
// twice. A side-by-side study may compare any number of models, each row naming its pair.
import type { ImportProblem } from "./import-error";
import type { JudgmentRow } from "./judgment-row";
import { PlannedRows } from "./planned-rows";

export interface PlannedStudy {
  name: string;
  type: JudgmentRow["type"];
  /** every model in the order first named (side-by-side: a pair's model A is the one named first; with two, the candidate) */
  models: string[];
  dimensions: Set<string>;
  locales: Set<string>;
  prompts: Map<string, PlannedPrompt>;
}

/** A prompt as the file first described it (on `line`), and the pairs its rows name (side-by-side). */
export interface PlannedPrompt {
  locale: string;
  category: string;
  modality: JudgmentRow["modality"];
  line: number;
  pairs: Set<string>;
}

const NO_PROBLEMS: readonly ImportProblem[] = Object.freeze([]);

/**
 * A side-by-side preference as stored: relative to the pair's model A, the one of the two that
 * comes first in the study. `placeA`, `placeB`: the places in the study of the models the row
 * names first and second; `value`: the row's preference (positive: the first named is better).
 */
export const preferenceAsStored = (placeA: number, placeB: number, value: number): number => (placeA < placeB ? value : -value);

export class JudgmentPlan {
  readonly studies = new Map<string, PlannedStudy>();
  /** The rows accepted so far, to be written without reading the file again. */
  readonly accepted = new PlannedRows();

  /** Every grader the accepted rows name, in the order first named: the rows' own numbering, not a set kept beside it. */
  get graders(): string[] {
    return this.named("grader");
  }

  get models(): string[] {
    return this.named("model");
  }

  private named(kind: "grader" | "model"): string[] {
    return Array.from({ length: this.accepted.count(kind) }, (_, n) => this.accepted.valueOf(kind, n));
  }

  get rows(): number {
    return this.accepted.length;
  }

  // The pair the last side-by-side row added named on its prompt: files list a prompt's rows together,
  // and a million rows need not make a million keys to find the same few pairs again.
  private lastPair: { prompt: PlannedPrompt | null; a: string; b: string } = { prompt: null, a: "", b: "" };

  add(row: JudgmentRow): readonly ImportProblem[] {
    // Called for every row of a million-row file: no list or closure is made for a row that is fine.
    let problems: ImportProblem[] | null = null;
    let study = this.studies.get(row.study);
    if (!study) {
      study = { name: row.study, type: row.type, models: [...row.models], dimensions: new Set(), locales: new Set(), prompts: new Map() };
      this.studies.set(row.study, study);
    }
    if (study.type !== row.type) (problems ??= []).push({ line: row.line, field: "type", message: `study "${row.study}" is ${study.type} in earlier rows` });

    let prompt = study.prompts.get(row.promptId);
    if (!prompt) {
      prompt = { locale: row.locale, category: row.category, modality: row.modality, line: row.line, pairs: new Set() };
      study.prompts.set(row.promptId, prompt);
    } else if (prompt.locale !== row.locale || prompt.category !== row.category || prompt.modality !== row.modality) {
      for (const [field, a, b] of [["locale", prompt.locale, row.locale], ["category", prompt.category, row.category], ["modality", prompt.modality, row.modality]] as const) {
        if (a !== b) (problems ??= []).push({ line: row.line, field, message: `prompt ${row.promptId} is ${a} on line ${prompt.line}, ${b} here` });
      }
    }
    if (problems === null) {
      this.accepted.add(row);
      for (const m of row.models) if (!study.models.includes(m)) study.models.push(m);
      const last = this.lastPair;
      if (row.type === "side_by_side" && (last.prompt !== prompt || last.a !== row.models[0] || last.b !== row.models[1])) {
        prompt.pairs.add(row.models.join("\u0000"));
        last.prompt = prompt;
        last.a = row.models[0];
        last.b = row.models[1];
      }
      study.dimensions.add(row.dimension);
      study.locales.add(row.locale);
    }
    return problems ?? NO_PROBLEMS;
  }

  /**
   * One judgment per study, prompt, model (single-sided) or pair (side-by-side, either order),
   * grader and dimension: a problem for each accepted row that repeats an earlier one. Called
   * once every row has been added.
   */
  duplicateProblems(): ImportProblem[] {
    return this.accepted.duplicates().map(([later, earlier]) => {
      const earlierLine = this.accepted.row(earlier).line;
      const row = this.accepted.row(later);
      const [m0, m1] = row.models;
      const subject = row.type === "single_sided" ? m0 : m0 < m1 ? `${m0} vs ${m1}` : `${m1} vs ${m0}`;
      return { line: row.line, field: "grader", message: `${row.grader} already judged ${row.dimension} of prompt ${row.promptId} for ${subject} on line ${earlierLine}` };
    });
  }
}
