// Imports judgments from other tools (CSV or JSON Lines): all or nothing. A first pass validates
// every row, gathers what must exist and keeps the rows compactly (planned-rows.ts); then one
// transaction writes them, without reading the file again.
// Re-importing a file adds nothing it already added.
import { createHash } from "node:crypto";
import { IdBlocks } from "../db/id-blocks";
import { recordAudit } from "../audit/repo";
import { bulkWriter } from "../db/bulk-insert";
import { engineOf, prismaSqliteConnection, type Db } from "../db/client";
import { ImportRejected, ProblemList } from "./domain/import-error";
import { ImportedTallies } from "./domain/imported-tallies";
import { ItemKeys } from "./domain/item-keys";
import { JudgmentPlan, preferenceAsStored } from "./domain/judgment-plan";
import type { PlannedRows, RowCodes } from "./domain/planned-rows";
import { parseJudgmentRow } from "./domain/judgment-row";
import { readRowBatches } from "./read-rows";
import { firstNumbers, textRows, type ImportKeys } from "./imported-rows";
import * as repo from "./repo";
import { stagedSqliteRows } from "./staged-rows-sqlite";

/**
 * Checking reads the file (done and total in bytes); preparing creates each study's prompts,
 * responses and items (in studies); writing goes through the checked rows (in rows); counting
 * recounts each study's tallies and then commits (in studies: done = total once committed).
 * A material import reports checking and writing only.
 */
export interface ImportProgress {
  phase: "checking" | "preparing" | "writing" | "counting";
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

/**
 * A study's lookups by the rows' numbers: each model's place in the study (a side-by-side value is
 * stored relative to the pair's first model there) and the assignments it already stored (a
 * re-import), each with its item index and the rows' grader number.
 */
function studyByNumbers(rows: PlannedRows, t: repo.StudyTargets, models: string[], graderIdOf: string[]) {
  const place = Array.from({ length: rows.count("model") }, (_, m) => models.indexOf(rows.valueOf("model", m)));
  const stored: { id: string; item: number; grader: number }[] = [];
  if (t.storedAssignments.length > 0) {
    const itemIndex = new Map(t.itemIds.map((id, i) => [id, i]));
    const graderNumber = new Map(graderIdOf.map((id, g) => [id, g]));
    for (const a of t.storedAssignments) {
      const item = itemIndex.get(a.itemId), grader = graderNumber.get(a.graderId);
      if (item !== undefined && grader !== undefined) stored.push({ id: a.id, item, grader });
    }
  }
  return { t, place, stored };
}

export interface JudgmentImportOptions {
  actorId?: string | null;
  onProgress?: (p: ImportProgress) => void;
  /**
   * A full garbage collection, called between the import's phases (after checking the file, after
   * creating the study's items, after writing the judgments), by a caller that has its process to
   * itself: the CLI. Each phase leaves tens of megabytes of dead strings and rows that V8 would
   * otherwise carry into the next phase's peak (docs/performance.md). The web server, which
   * imports uploads while it answers graders, leaves it to V8.
   */
  collectGarbage?: () => void;
}

export async function importJudgments(db: Db, file: string, opts: JudgmentImportOptions = {}): Promise<JudgmentImportSummary> {
  const plan = await checkFile(db, file, opts.onProgress);
  opts.collectGarbage?.();
  let added = 0;
  let present = 0;
  await db.$transaction((tx) => repo.withImportPageCache(tx, engineOf(db), async () => {
    const bulk = bulkWriter(db, tx);
    const ids = new IdBlocks(tx);
    await repo.ensureLocales(tx, [...new Set([...plan.studies.values()].flatMap((s) => [...s.locales]))]);
    const modelIds = await repo.ensureModels(tx, plan.models);
    const dimensionIds = await repo.dimensionIds(tx);
    const graderIds = await repo.ensureGraders(tx, ids, plan.graders, importedGraderEmail);
    // The rows are written by the numbers of their strings (planned-rows.ts): no key string is made per row.
    const rows = plan.accepted;
    const itemKeys = new ItemKeys(rows.count("prompt"), rows.count("model"));
    const itemKeyOf: repo.ItemKeyOf = (externalId, model, modelB) =>
      itemKeys.key(rows.numberOf("prompt", externalId)!, rows.numberOf("model", model)!, modelB === null ? -1 : rows.numberOf("model", modelB)!);
    const targets = new Map<string, repo.StudyTargets>();
    for (const s of plan.studies.values()) {
      opts.onProgress?.({ phase: "preparing", done: targets.size, total: plan.studies.size });
      targets.set(s.name, await repo.prepareImportStudy(tx, bulk, ids, s, modelIds, dimensionIds, IMPORTED_PROMPT_TEXT, itemKeyOf));
    }
    for (const t of targets.values()) await repo.deferTallies(tx, t.studyId);
    opts.collectGarbage?.();

    const graderCount = rows.count("grader");
    const graderIdOf = Array.from({ length: graderCount }, (_, g) => graderIds.get(rows.valueOf("grader", g))!);
    const dimensionIdOf = Array.from({ length: rows.count("dimension") }, (_, d) => dimensionIds.get(rows.valueOf("dimension", d))!);
    const studies = Array.from({ length: rows.count("study") }, (_, n) => {
      const name = rows.valueOf("study", n);
      return studyByNumbers(rows, targets.get(name)!, plan.studies.get(name)!.models, graderIdOf);
    });

    const now = new Date();
    const keys: ImportKeys = { studyIds: studies.map((s) => s.t.studyId), itemIds: studies.map((s) => s.t.itemIds), graderIds: graderIdOf, dimensionIds: dimensionIdOf,
      itemGroups: studies.map((s) => s.t.itemGroups), groups: studies.map((s) => s.t.groups) };
    const sqlite = engineOf(db) === "sqlite" ? prismaSqliteConnection(db) : null;
    const out = sqlite ? await stagedSqliteRows(sqlite, bulk, keys, now) : textRows(bulk, keys, now);
    // A study this import creates holds only its judgments: where the rows' sink writes tallies,
    // they are counted here as the judgments are written, not summed afresh from them afterwards.
    const talliedHere = (t: repo.StudyTargets) => out.writesTallies && t.createdHere;
    const tallied = studies.map((s) => talliedHere(s.t));
    const dimensions = rows.count("dimension");
    const itemBase = firstNumbers(keys.itemIds);
    const items = keys.itemIds.reduce((n, ids) => n + ids.length, 0);
    const tallies = tallied.some(Boolean) ? new ImportedTallies(items * dimensions, dimensions) : null;
    // A file's consecutive rows mostly judge one item (a grader's dimensions, then the next grader's):
    // its lookup (two maps) is made once for each run of such rows, in both passes below.
    const lastItem = { study: -1, prompt: -1, modelA: -1, modelB: -1, item: -1 };
    const itemOf = (c: RowCodes) => {
      const l = lastItem;
      if (c.study !== l.study || c.prompt !== l.prompt || c.modelA !== l.modelA || c.modelB !== l.modelB) {
        l.item = studies[c.study].t.items.get(itemKeys.key(c.prompt, c.modelA, c.modelB))!;
        l.study = c.study;
        l.prompt = c.prompt;
        l.modelA = c.modelA;
        l.modelB = c.modelB;
      }
      return l.item;
    };
    const unitOf = (c: RowCodes, item: number) => (itemBase[c.study] + item) * dimensions + c.dimension;
    const valueOf = (c: RowCodes) => (c.modelB < 0 ? c.value : preferenceAsStored(studies[c.study].place[c.modelA], studies[c.study].place[c.modelB], c.value));
    // Assignments by number (ImportedRows): first those the studies stored (their ids kept, to find
    // the judgments an earlier import stored), then each new one as the rows first need it, found
    // by item index × graders + grader in its study's map.
    const storedIds: string[] = [];
    const assignmentsOf = studies.map(() => new Map<number, number>());
    for (const [n, s] of studies.entries()) {
      for (const a of s.stored) {
        assignmentsOf[n].set(a.item * graderCount + a.grader, storedIds.length);
        await out.assignment(storedIds.length, a.id, n, a.item, a.grader, true);
        storedIds.push(a.id);
      }
    }
    let nextAssignment = storedIds.length;
    // The rows checked in the first pass, in file order; the file is not read again. The studies'
    // tallies are deferred above, so their insert triggers would do nothing for these rows.
    await repo.withJudgmentInsertTriggersSuspended(tx, engineOf(db), async () => {
      for (let i = 0; i < rows.length; i++) {
        if (i % PROGRESS_EVERY === 0) opts.onProgress?.({ phase: "writing", done: i, total: rows.length });
        const c = rows.codes(i);
        const { t } = studies[c.study];
        const item = itemOf(c);
        const assignments = assignmentsOf[c.study];
        let assignment = assignments.get(item * graderCount + c.grader);
        if (assignment === undefined) {
          assignment = nextAssignment++;
          assignments.set(item * graderCount + c.grader, assignment);
          await out.assignment(assignment, await ids.take(), c.study, item, c.grader, false);
        } else if (assignment < storedIds.length && t.judgmentKeys.has(`${storedIds[assignment]}|${dimensionIdOf[c.dimension]}`)) {
          // Stored by an earlier import of the same rows; the file itself has no duplicates (checked in pass 1).
          present++;
          continue;
        }
        const value = valueOf(c);
        if (c.modelB < 0) await out.judgment(assignment, c.dimension, null, value);
        else await out.judgment(assignment, c.dimension, value, null);
        if (tallied[c.study]) tallies!.count(unitOf(c, item), c.modelB >= 0, value);
        added++;
      }
      if (tallies) {
        // The second pass: a judgment's agreement needs its unit's whole histogram.
        tallies.startTasks(nextAssignment);
        for (let i = 0; i < rows.length; i++) {
          const c = rows.codes(i);
          if (!tallied[c.study]) continue;
          const item = itemOf(c);
          tallies.task(assignmentsOf[c.study].get(item * graderCount + c.grader)!, unitOf(c, item), c.modelB >= 0, valueOf(c));
        }
      }
      // The rows are not read again: released before the tallies are written, which would otherwise
      // be the import's peak of memory.
      rows.release();
      opts.collectGarbage?.();
      await out.finish(tallies);
    });
    opts.onProgress?.({ phase: "writing", done: rows.length, total: rows.length });
    let counted = 0;
    for (const t of targets.values()) {
      opts.onProgress?.({ phase: "counting", done: counted++, total: targets.size });
      // In this order: recount locks the study's items, which the tallies' recount relies on (see there).
      await repo.recount(tx, t.studyId, t.createdHere);
      // A study this import created holds only its judgments, all stamped `now`.
      const hour = Math.floor(now.getTime() / 3_600_000);
      if (talliedHere(t)) await repo.finishImportedTallies(tx, engineOf(db), t.studyId, hour);
      else await repo.recountTallies(tx, engineOf(db), t.studyId, t.createdHere ? hour : undefined);
    }
    await recordAudit(tx, { actorId: opts.actorId ?? null, action: "import.judgments", entityType: "Study", entityId: [...targets.values()].map((t) => t.studyId).join(","),
      details: { file: file.split("/").pop(), rows: plan.rows, added, present } });
  }), { timeout: 60 * 60_000, maxWait: 60_000 });
  opts.onProgress?.({ phase: "counting", done: plan.studies.size, total: plan.studies.size });
  if (added >= ANALYZE_AFTER) await repo.refreshPlannerStatistics(db);
  return { rows: plan.rows, studies: [...plan.studies.keys()], judgmentsAdded: added, judgmentsAlreadyPresent: present };
}
