// Reading a file of control items: which study item (prompt id, and the model for single-sided
// studies), what kind of check it is, the expected answer per dimension and the explanation.
//   prompt_id,kind,overall,truthfulness,explanation
//   p-17,gold,candidate,same,"The baseline invents a date; both are equally accurate otherwise."
// A dimension column holds candidate / baseline / same (side-by-side) or a score or range such as
// 4-5 (single-sided); an empty cell leaves that dimension unchecked.
import { RowReader, type Fields } from "../../imports/domain/fields";
import type { ImportProblem } from "../../imports/domain/import-error";
import type { Expectation, GoldVerdict } from "./gold-answer";

export type ControlKind = "GOLD" | "ATTENTION" | "QUALIFICATION";

export interface ControlRow {
  line: number;
  promptId: string;
  model: string | null;
  kind: ControlKind;
  explanation: string;
  expectations: (Expectation & { dimension: string })[];
}

export interface ControlContext {
  type: "SIDE_BY_SIDE" | "SINGLE_SIDED";
  dimensions: { key: string; scaleMin: number; scaleMax: number }[];
}

const FIXED_COLUMNS = ["prompt_id", "model", "kind", "explanation"];
const KINDS = ["gold", "attention", "qualification"] as const;
const VERDICTS: Record<string, GoldVerdict> = {
  candidate: "CANDIDATE", a: "CANDIDATE", "candidate better": "CANDIDATE",
  baseline: "BASELINE", b: "BASELINE", "baseline better": "BASELINE",
  same: "SAME", tie: "SAME", "about the same": "SAME",
};
export const MAX_EXPLANATION = 4000;

/** Columns the file may not have: the first row's unknown names, each with the columns it could mean. */
export function unknownColumns(fields: Fields, ctx: ControlContext, line: number): ImportProblem[] {
  const known = new Set([...FIXED_COLUMNS, ...ctx.dimensions.map((d) => d.key)]);
  return Object.keys(fields).filter((c) => !known.has(c)).map((c) => ({
    line, field: c, message: `is not a column of a control-item file; use ${FIXED_COLUMNS.join(", ")} and this study's dimension keys (${ctx.dimensions.map((d) => d.key).join(", ")})`,
  }));
}

export function parseControlRow(fields: Fields, line: number, ctx: ControlContext): { row: ControlRow | null; problems: ImportProblem[] } {
  const r = new RowReader(fields, line);
  const promptId = r.text("prompt_id", { required: true, max: 200 });
  const model = r.text("model", { max: 200 }) || null;
  if (ctx.type === "SINGLE_SIDED" && !model && !r.problems.some((p) => p.field === "model")) r.problem("model", "is missing: a single-sided study has one item per prompt and model");
  const kind = r.present("kind") ? r.oneOf("kind", KINDS) : "gold";
  const explanation = r.text("explanation", { required: true, max: MAX_EXPLANATION });
  const expectations: ControlRow["expectations"] = [];
  for (const d of ctx.dimensions) {
    const raw = r.text(d.key).toLowerCase();
    if (!raw) continue;
    if (ctx.type === "SIDE_BY_SIDE") {
      const verdict = VERDICTS[raw];
      if (!verdict) r.problem(d.key, `must be candidate, baseline or same, got "${raw.slice(0, 40)}"`);
      else expectations.push({ dimension: d.key, verdict, scoreMin: null, scoreMax: null });
      continue;
    }
    const m = /^(\d+)\s*(?:-|–|\.\.)\s*(\d+)$/.exec(raw) ?? /^(\d+)$/.exec(raw);
    const lo = m ? Number(m[1]) : NaN;
    const hi = m ? Number(m[2] ?? m[1]) : NaN;
    if (!m) r.problem(d.key, `must be a score or a range such as ${d.scaleMax - 1}-${d.scaleMax}, got "${raw.slice(0, 40)}"`);
    else if (lo > hi || lo < d.scaleMin || hi > d.scaleMax) r.problem(d.key, `must lie within ${d.scaleMin}-${d.scaleMax} with the low end first, got "${raw}"`);
    else expectations.push({ dimension: d.key, verdict: null, scoreMin: lo, scoreMax: hi });
  }
  if (expectations.length === 0 && !r.problems.some((p) => ctx.dimensions.some((d) => d.key === p.field))) {
    r.problem(ctx.dimensions.map((d) => d.key).join("|"), "no expected answer: fill in at least one dimension column");
  }
  if (r.problems.length) return { row: null, problems: r.problems };
  return { row: { line, promptId, model, kind: kind!.toUpperCase() as ControlKind, explanation, expectations }, problems: [] };
}
