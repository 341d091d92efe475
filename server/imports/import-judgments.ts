// Imports judgments from other tools (CSV or JSON Lines): all or nothing. A first pass validates
// every row, gathers what must exist and keeps the rows compactly (planned-rows.ts); then one
// transaction writes them, without reading the file again.
// Re-importing a file adds nothing it already added.
import { createHash } from "node:crypto";
import { timeOrderedId } from "../db/time-ordered-id";
import { recordAudit } from "../audit/repo";
import { bulkWriter } from "../db/bulk-insert";
import { engineOf, type Db } from "../db/client";
import { ImportRejected, ProblemList } from "./domain/import-error";
import { JudgmentPlan, pairInStudy } from "./domain/judgment-plan";
import { parseJudgmentRow } from "./domain/judgment-row";
import { readRowBatches } from "./read-rows";
import * as repo from "./repo";

/** Checking reads the file (done and total in bytes); writing goes through its checked rows (in rows). */
export interface ImportProgress {
  phase: "checking" | "writing";
  done: number;
  total: number;
}

const PROGRESS_EVERY = 10_000;
/** Judgments added at once beyond which the import refreshes the planner's statistics (repo.refreshPlannerStatistics). */
export const ANALYZE_AFTER = 50_000;

export interface JudgmentImportSummary {
  rows: number;
  studies: string[];
  judgmentsAdded: number;
  judgmentsAlreadyPresent: number;
}

const IMPORTED_PROMPT_TEXT = "(imported with judgments; no prompt text was provided)";

/** A stable e-mail for a grader known only by a name in another tool; such users cannot log in. */
export function importedGraderEmail(grader: string): string {
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(grader)) return grader.toLowerCase();
  const slug = grader.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "grader";
  return `${slug}.${createHash("sha256").update(grader).digest("hex").slice(0, 8)}@imported.invalid`;
}

async function checkFile(db: Db, file: string, onProgress?: (p: ImportProgress) => void) {
  const plan = new JudgmentPlan();
  const problems = new ProblemList();
  const dimensionLines = new Map<string, number>();
  for await (const batch of readRowBatches(file, (r, t) => onProgress?.({ phase: "checking", done: r, total: t }))) {
    for (const { line, fields } of batch) {
      const { row, problems: rowProblems } = parseJudgmentRow(fields, line);
      rowProblems.forEach((p) => problems.add(p));
      if (!row) continue;
      plan.add(row).forEach((p) => problems.add(p));
      if (!dimensionLines.has(row.dimension)) dimensionLines.set(row.dimension, line);
    }
  }
  plan.duplicateProblems().forEach((p) => problems.add(p));
  if (plan.rows === 0 && problems.total === 0) problems.add({ line: 1, field: "file", message: "has no judgment rows" });

  const known = new Set((await repo.dimensionIds(db)).keys());
  for (const [key, line] of dimensionLines) {
    if (!known.has(key)) problems.add({ line, field: "dimension", message: `"${key}" is not a dimension here (known: ${[...known].sort().join(", ")}); a researcher can add it first` });
  }
  for (const s of await repo.findStudiesByName(db, [...plan.studies.keys()])) {
    const planned = plan.studies.get(s.name)!;
    const line = [...planned.prompts.values()][0]?.line ?? 1;
    const type = s.type === "SIDE_BY_SIDE" ? "side_by_side" : "single_sided";
    if (type !== planned.type) {
      problems.add({ line, field: "type", message: `study "${s.name}" already exists as ${type}` });
      continue;
    }
    if (type === "side_by_side") {
      // An existing study keeps its models and their order: a name it lacks is most likely a typo.
      const stored = s.models.map((m) => m.model.name);
      const unknown = planned.models.filter((m) => !stored.includes(m));
      if (unknown.length) {
        problems.add({ line, field: "model_a", message: `study "${s.name}" compares ${stored.join(", ")}; the file also names ${unknown.join(", ")}` });
      }
      planned.models = stored;
    }
  }
  // In file order: duplicates are found after the whole file has been read.
  if (problems.total > 0) throw new ImportRejected(file, [...problems.listed].sort((a, b) => a.line - b.line), problems.total);
  return plan;
}

export async function importJudgments(db: Db, file: string, opts: { actorId?: string | null; onProgress?: (p: ImportProgress) => void } = {}): Promise<JudgmentImportSummary> {
  const plan = await checkFile(db, file, opts.onProgress);
  let added = 0;
  let present = 0;
  await db.$transaction(async (tx) => {
    const bulk = bulkWriter(db, tx);
    await repo.ensureLocales(tx, [...new Set([...plan.studies.values()].flatMap((s) => [...s.locales]))]);
    const modelIds = await repo.ensureModels(tx, [...plan.models]);
    const dimensionIds = await repo.dimensionIds(tx);
    const graderIds = await repo.ensureGraders(tx, [...plan.graders], importedGraderEmail);
    const targets = new Map<string, repo.StudyTargets>();
    for (const s of plan.studies.values()) targets.set(s.name, await repo.prepareImportStudy(tx, bulk, s, modelIds, dimensionIds, IMPORTED_PROMPT_TEXT));
    for (const t of targets.values()) await repo.deferTallies(tx, t.studyId);

    const assignments: repo.ImportedAssignment[] = [];
    const judgments: repo.ImportedJudgment[] = [];
    const now = new Date();
    const flush = async () => {
      await repo.insertAssignments(bulk, assignments.splice(0));
      await repo.insertJudgments(bulk, judgments.splice(0));
    };
    // The rows checked in the first pass, in file order; the file is not read again.
    const rows = plan.accepted;
    for (let i = 0; i < rows.length; i++) {
      if (i % PROGRESS_EVERY === 0) opts.onProgress?.({ phase: "writing", done: i, total: rows.length });
      const row = rows.row(i);
      const t = targets.get(row.study)!;
      const itemId = t.items.get(row.type === "single_sided" ? `${row.promptId}|${row.models[0]}` : `${row.promptId}|${pairInStudy(plan.studies.get(row.study)!.models, row).join("|")}`)!;
      const graderId = graderIds.get(row.grader)!;
      let assignmentId = t.assignments.get(`${itemId}|${graderId}`);
      if (!assignmentId) {
        assignmentId = timeOrderedId();
        t.assignments.set(`${itemId}|${graderId}`, assignmentId);
        assignments.push({ id: assignmentId, studyId: t.studyId, itemId, graderId, at: now });
      }
      const dimensionId = dimensionIds.get(row.dimension)!;
      // Judgments stored by an earlier import of the same rows; the file itself has no duplicates (checked in pass 1).
      if (t.judgmentKeys.size > 0 && t.judgmentKeys.has(`${assignmentId}|${dimensionId}`)) {
        present++;
        continue;
      }
      const value = plan.storedValue(row);
      judgments.push({ studyId: t.studyId, itemId, assignmentId, graderId, dimensionId, at: now,
        preference: row.type === "side_by_side" ? value : null, score: row.type === "single_sided" ? value : null });
      added++;
      if (judgments.length >= 2000) await flush();
    }
    await flush();
    opts.onProgress?.({ phase: "writing", done: rows.length, total: rows.length });
    for (const t of targets.values()) {
      // In this order: recount locks the study's items, which the tallies' recount relies on (see there).
      await repo.recount(tx, t.studyId, t.createdHere);
      // A study this import created holds only its judgments, all stamped `now`.
      await repo.recountTallies(tx, engineOf(db), t.studyId, t.createdHere ? Math.floor(now.getTime() / 3_600_000) : undefined);
    }
    await recordAudit(tx, { actorId: opts.actorId ?? null, action: "import.judgments", entityType: "Study", entityId: [...targets.values()].map((t) => t.studyId).join(","),
      details: { file: file.split("/").pop(), rows: plan.rows, added, present } });
  }, { timeout: 60 * 60_000, maxWait: 60_000 });
  if (added >= ANALYZE_AFTER) await repo.refreshPlannerStatistics(db);
  return { rows: plan.rows, studies: [...plan.studies.keys()], judgmentsAdded: added, judgmentsAlreadyPresent: present };
}
