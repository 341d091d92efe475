// Quality control: control items (gold, attention checks, qualification), what a grader is served
// next, the qualification result, per-grader diagnostics and reversible exclusions.
import { TRPCError } from "@trpc/server";
import { recordAudit } from "../audit/repo";
import { engineOf, type Db } from "../db/client";
import type { ReportFilter } from "../analytics/domain/report-filter";
import { graderActivity, rate, type GraderTally } from "../dashboards/domain/grader-activity";
import { CsvFormatError, csvRecords } from "../imports/csv-records";
import type { Fields } from "../imports/domain/fields";
import type { ImportProblem } from "../imports/domain/import-error";
import { controlTaskNext } from "./domain/control-schedule";
import { parseControlRow, unknownColumns, type ControlRow } from "./domain/control-rows";
import { describeAnswerForGrader, describeExpectation, describeForGrader, matchesExpectation, type GraderWords } from "./domain/gold-answer";
import type { SessionUser } from "../auth/service";
import { localizedError } from "../i18n/localized-error";
import { userLanguage } from "../i18n/domain/languages";
import { translate } from "../i18n/translator";
import { dimensionLabelsIn } from "../translations/service";
import { graderDiagnostics, type GraderChecks } from "./domain/grader-diagnostics";
import { qualificationResult } from "./domain/qualification-result";
import { weightedVerdictsOnWorkers } from "./weighted-verdicts-on-workers";
import { DEFAULT_BOOTSTRAP } from "../analytics/domain/bootstrap";
import { countedJudgmentsWithValue } from "../analytics/unit-tally-groups";
import * as repo from "./repo";
import type { TExcludeGrader, TQualitySettings } from "./schema";

async function loadStudy(db: Db, studyId: string) {
  const s = await repo.qualitySettingsOf(db, studyId);
  if (!s) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  return s;
}

const settingsView = (s: Awaited<ReturnType<typeof loadStudy>>) => ({
  goldRate: s.goldRate, requireQualification: s.requireQualification, qualificationPassRate: s.qualificationPassRate, minTaskSeconds: s.minTaskSeconds,
});

// ---- Settings and control items ----

export async function qualityControl(db: Db, studyId: string) {
  const s = await loadStudy(db, studyId);
  const [items, answers] = await Promise.all([repo.controlItemsOf(db, studyId), repo.goldAnswers(db, studyId, {})]);
  const perItem = new Map<string, { correct: number; total: number; graders: Set<string> }>();
  for (const a of answers) {
    const t = perItem.get(a.itemId) ?? perItem.set(a.itemId, { correct: 0, total: 0, graders: new Set() }).get(a.itemId)!;
    t.total++;
    t.graders.add(a.graderId);
    if (matchesExpectation(a, a)) t.correct++;
  }
  return {
    study: { id: s.id, name: s.name, type: s.type, status: s.status },
    settings: settingsView(s),
    dimensions: s.dimensions.map((d) => ({ key: d.dimension.key, label: d.dimension.label, scaleMin: d.scaleMin, scaleMax: d.scaleMax })),
    items: items.map((i) => {
      const t = perItem.get(i.id);
      return {
        id: i.id, kind: i.control, promptId: i.prompt.externalId, promptText: i.prompt.text.slice(0, 300), locale: i.localeCode,
        model: s.type === "SINGLE_SIDED" ? i.response.model.name : null, explanation: i.explanation ?? "",
        expectations: i.expectations.map((e) => ({ dimension: e.dimension.key, label: e.dimension.label, expected: describeExpectation(e) })),
        graders: t?.graders.size ?? 0, accuracy: t ? rate(t.correct, t.total) : null,
      };
    }),
  };
}

export async function updateSettings(db: Db, actorId: string, input: TQualitySettings) {
  await loadStudy(db, input.studyId);
  const { studyId, ...data } = input;
  if (data.requireQualification && (await repo.countControlItems(db, studyId, "QUALIFICATION")) === 0) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "requireQualification: this study has no qualification items yet; import some (kind = qualification) first." });
  }
  await repo.updateQualitySettings(db, studyId, data);
  await recordAudit(db, { actorId, action: "study.quality_settings", entityType: "Study", entityId: studyId, details: data });
  return data;
}

const problemText = (file: string, problems: ImportProblem[]) =>
  `${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"}; nothing was marked.\n` +
  problems.slice(0, 50).map((p) => `line ${p.line}, ${p.field}: ${p.message}`).join("\n") + (problems.length > 50 ? `\n… and ${problems.length - 50} more` : "");

/** Rows of a CSV (header on line 1) or JSON Lines text, each with its line number. */
function rowsOf(fileName: string, content: string): { line: number; fields: Fields }[] {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) {
    try {
      return csvRecords(content);
    } catch (e) {
      if (!(e instanceof CsvFormatError)) throw e;
      throw new TRPCError({ code: "BAD_REQUEST", message: `${fileName}: ${e.message}; nothing was marked.` });
    }
  }
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) {
    const out: { line: number; fields: Fields }[] = [];
    content.split(/\r?\n/).forEach((text, i) => {
      if (!text.trim()) return;
      let v: unknown;
      try { v = JSON.parse(text); } catch { throw new TRPCError({ code: "BAD_REQUEST", message: `${fileName}: line ${i + 1}: not valid JSON; nothing was marked.` }); }
      if (!v || typeof v !== "object" || Array.isArray(v)) throw new TRPCError({ code: "BAD_REQUEST", message: `${fileName}: line ${i + 1}: must be a JSON object; nothing was marked.` });
      out.push({ line: i + 1, fields: Object.fromEntries(Object.entries(v as Fields).map(([k, x]) => [k.trim().toLowerCase(), x])) });
    });
    return out;
  }
  throw new TRPCError({ code: "BAD_REQUEST", message: `${fileName}: use a .csv or .jsonl file.` });
}

/** Marks the study items a file (or the one-row form) names as control items, all or nothing. */
export async function applyControlRows(db: Db, actorId: string, studyId: string, fileName: string, rows: { line: number; fields: Fields }[]) {
  const s = await loadStudy(db, studyId);
  const ctx = { type: s.type, dimensions: s.dimensions.map((d) => ({ key: d.dimension.key, scaleMin: d.scaleMin, scaleMax: d.scaleMax })) };
  if (rows.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: `${fileName}: no rows; nothing was marked.` });
  const problems: ImportProblem[] = [...unknownColumns(rows[0].fields, ctx, rows[0].line)];
  const parsed: ControlRow[] = [];
  for (const r of rows) {
    const p = parseControlRow(r.fields, r.line, ctx);
    problems.push(...p.problems);
    if (p.row) parsed.push(p.row);
  }
  const items = await repo.itemsForPrompts(db, studyId, [...new Set(parsed.map((r) => r.promptId))]);
  const dimensionId = new Map(s.dimensions.map((d) => [d.dimension.key, d.dimensionId]));
  const seen = new Map<string, number>();
  const marks: repo.ControlMark[] = [];
  for (const r of parsed) {
    const matches = items.filter((i) => i.prompt.externalId === r.promptId && (r.model === null || i.response.model.name === r.model));
    if (matches.length === 0) {
      problems.push({ line: r.line, field: r.model ? "model" : "prompt_id", message: `this study has no item for prompt "${r.promptId}"${r.model ? ` and model "${r.model}"` : ""}` });
      continue;
    }
    if (matches.length > 1) {
      problems.push({ line: r.line, field: "model", message: `prompt "${r.promptId}" has ${matches.length} items in this study (one per model); say which model` });
      continue;
    }
    const item = matches[0];
    if (seen.has(item.id)) {
      problems.push({ line: r.line, field: "prompt_id", message: `names the same item as line ${seen.get(item.id)}` });
      continue;
    }
    seen.set(item.id, r.line);
    marks.push({ itemId: item.id, kind: r.kind, explanation: r.explanation,
      expectations: r.expectations.map((e) => ({ ...e, dimensionId: dimensionId.get(e.dimension)! })) });
  }
  if (problems.length) throw new TRPCError({ code: "BAD_REQUEST", message: problemText(fileName, problems.sort((a, b) => a.line - b.line)) });
  await db.$transaction((tx) => repo.markControlItems(tx, studyId, marks));
  const byKind = { GOLD: 0, ATTENTION: 0, QUALIFICATION: 0 };
  for (const m of marks) byKind[m.kind]++;
  await recordAudit(db, { actorId, action: "study.control_items", entityType: "Study", entityId: studyId, details: { fileName, ...byKind } });
  return { marked: marks.length, ...byKind };
}

export const importControlItems = (db: Db, actorId: string, input: { studyId: string; fileName: string; content: string }) =>
  applyControlRows(db, actorId, input.studyId, input.fileName, rowsOf(input.fileName, input.content));

export const markControlItem = (db: Db, actorId: string, input: { studyId: string; row: Record<string, string> }) =>
  applyControlRows(db, actorId, input.studyId, "form", [{ line: 1, fields: Object.fromEntries(Object.entries(input.row).map(([k, v]) => [k.toLowerCase(), v])) }]);

export async function unmarkControlItem(db: Db, actorId: string, itemId: string) {
  const item = await repo.findItem(db, itemId);
  if (!item) throw new TRPCError({ code: "NOT_FOUND", message: "No such item." });
  if (item.control === "NONE") throw new TRPCError({ code: "CONFLICT", message: "This item is not a control item." });
  await db.$transaction((tx) => repo.unmarkControlItem(tx, item.studyId, itemId));
  await recordAudit(db, { actorId, action: "study.control_item_unmark", entityType: "Item", entityId: itemId, details: { studyId: item.studyId, was: item.control } });
  return { ok: true };
}

// ---- Serving: what a grader gets next ----

/** exclusive: the grader may be served nothing else (an unfinished qualification set). */
/** `reason` of a blocked step: its message's catalogue key (errors.*). */
export type ControlStep = { kind: "serve"; itemIds: string[]; exclusive: boolean } | { kind: "blocked"; reason: "errors.qualificationMissing" | "errors.qualificationFailed" } | { kind: "regular" };

export interface StudyControl {
  id: string;
  goldRate: number;
  requireQualification: boolean;
  qualificationPassRate: number;
}

/**
 * Before study material: the qualification set while it is unfinished (and nothing at all after
 * a failed one), then at the study's rate a gold or attention item the grader has not seen.
 */
export async function controlStep(db: Db, study: StudyControl, graderId: string, locales: string[]): Promise<ControlStep> {
  if (study.requireQualification) {
    let q = await repo.qualificationOf(db, study.id, graderId);
    if (!q) {
      const pending = await repo.unseenControlItems(db, study.id, graderId, locales, ["QUALIFICATION"]);
      if (pending.length) return { kind: "serve", itemIds: pending.map((p) => p.id), exclusive: true };
      const tasks = await repo.qualificationTasks(db, study.id, graderId);
      if (tasks.length === 0) return { kind: "blocked", reason: "errors.qualificationMissing" };
      q = await repo.saveQualification(db, { studyId: study.id, graderId, ...qualificationResult(qualificationMatches(tasks), study.qualificationPassRate) });
    }
    if (!q.passed) return { kind: "blocked", reason: "errors.qualificationFailed" };
  }
  if (study.goldRate > 0 && controlTaskNext(study.goldRate, study.id, graderId, await repo.tasksSoFar(db, study.id, graderId))) {
    const unseen = await repo.unseenControlItems(db, study.id, graderId, locales, ["GOLD", "ATTENTION"]);
    if (unseen.length) return { kind: "serve", itemIds: unseen.map((u) => u.id), exclusive: false };
  }
  return { kind: "regular" };
}

type QualificationTask = Awaited<ReturnType<typeof repo.qualificationTasks>>[number];

/** One entry per checked dimension of every qualification task; a task not submitted (skipped, expired) misses them all. */
function qualificationMatches(tasks: QualificationTask[]): boolean[] {
  return tasks.flatMap((t) => t.item.expectations.map((e) => {
    if (t.status !== "SUBMITTED") return false;
    const j = t.judgments.find((x) => x.dimensionId === e.dimensionId);
    return j ? matchesExpectation(e, j) : false;
  }));
}

/** What a grader sees about a study's qualification: progress, then their result with the expected answers and explanations. */
export async function qualificationStatus(db: Db, grader: SessionUser, studyId: string) {
  const graderId = grader.id;
  const graderLocales = grader.locales;
  const s = await repo.qualitySettingsOf(db, studyId);
  if (!s || (s.status !== "RUNNING" && s.status !== "PAUSED" && s.status !== "COMPLETED")) throw localizedError("NOT_FOUND", "errors.noSuchStudy");
  if (!s.requireQualification) return { required: false as const };
  const [q, tasks, unseen] = await Promise.all([
    repo.qualificationOf(db, studyId, graderId), repo.qualificationTasks(db, studyId, graderId),
    repo.unseenControlItems(db, studyId, graderId, graderLocales, ["QUALIFICATION"]),
  ]);
  const base = { required: true as const, passRate: s.qualificationPassRate, done: tasks.filter((t) => t.status === "SUBMITTED" || t.status === "SKIPPED").length };
  if (!q) return { ...base, total: tasks.length + unseen.length, result: null };
  // In the grader's language: dimension labels as on their task page, answers in their words.
  const language = userLanguage(grader);
  const labels = await dimensionLabelsIn(db, language, [...new Map(tasks.flatMap((t) => t.item.expectations.map((e) => [e.dimensionId, e.dimension]))).entries()]
    .map(([id, d]) => ({ id, key: d.key, label: d.label })));
  const words = (w: GraderWords) => translate(language, `qualification.answer.${w.key}`, w.values);
  return {
    ...base, total: tasks.length,
    result: {
      correct: q.correct, total: q.total, passed: q.passed,
      // Their own answers against the expected ones, in the terms of their screen; never a model name.
      tasks: tasks.map((t, i) => ({
        number: i + 1, prompt: t.item.prompt.text.slice(0, 400), explanation: t.item.explanation ?? "", submitted: t.status === "SUBMITTED",
        answers: t.item.expectations.map((e) => {
          const j = t.judgments.find((x) => x.dimensionId === e.dimensionId);
          return { dimension: labels.get(e.dimension.key) ?? e.dimension.label, expected: words(describeForGrader(e, t.candidateSide)),
            given: words(j ? describeAnswerForGrader(j, t.candidateSide) : { key: "none", values: {} }),
            correct: t.status === "SUBMITTED" && !!j && matchesExpectation(e, j) };
        }),
      })),
    },
  };
}

// ---- Diagnostics ----

/**
 * Per-grader diagnostics over what the filter keeps, flags included. The reliability-weighted
 * verdicts are their own request (reliabilityWeightedVerdicts): at a million judgments they take
 * seconds the grader table need not wait for.
 */
export async function graderDiagnosticsOf(db: Db, studyId: string, filter: ReportFilter, tallies: GraderTally[],
  perTask: { times: Map<string, number[]>; straightLining: Map<string, { uniform: number; tasks: number }>; agreement: Map<string, { agreeing: number; pairs: number }> | null }) {
  const s = await loadStudy(db, studyId);
  const times = perTask.times;
  const [gold, agreement] = await Promise.all([repo.goldAnswers(db, studyId, filter), perTask.agreement ?? repo.agreementTallies(db, studyId, s.type, filter)]);
  const checks = new Map<string, GraderChecks>();
  const of = (g: string) => checks.get(g) ?? checks.set(g, { gold: { correct: 0, total: 0 }, attention: { failed: 0, tasks: 0 }, agreement: { agreeing: 0, pairs: 0 }, straightLining: { uniform: 0, tasks: 0 } }).get(g)!;
  const attention = new Map<string, { graderId: string; failed: boolean }>();
  for (const a of gold) {
    const ok = matchesExpectation(a, a);
    if (a.control === "ATTENTION") {
      const t = attention.get(a.assignmentId) ?? attention.set(a.assignmentId, { graderId: a.graderId, failed: false }).get(a.assignmentId)!;
      if (!ok) t.failed = true;
    } else {
      of(a.graderId).gold.total++;
      if (ok) of(a.graderId).gold.correct++;
    }
  }
  for (const t of attention.values()) { of(t.graderId).attention.tasks++; if (t.failed) of(t.graderId).attention.failed++; }
  for (const [g, a] of agreement) of(g).agreement = a;
  for (const [g, sl] of perTask.straightLining) of(g).straightLining = sl;
  return { graders: graderDiagnostics(graderActivity(tallies, times), tallies, checks, times, { passRate: s.qualificationPassRate, minTaskSeconds: s.minTaskSeconds }) };
}

/**
 * Side-by-side judgments beyond which the weighted verdicts are not fitted: the page says so
 * instead of making every visit wait (a million take about 3 s on two cores, see docs/performance.md).
 */
export const WEIGHTED_MAX_JUDGMENTS = 2_000_000;

/**
 * The reliability-weighted (Dawid–Skene) verdict shares of a side-by-side study over what the
 * filter keeps, to read beside the plain ones; none for a single-sided study.
 */
export async function reliabilityWeightedVerdicts(db: Db, studyId: string, filter: ReportFilter, limit = WEIGHTED_MAX_JUDGMENTS) {
  const s = await loadStudy(db, studyId);
  if (s.type !== "SIDE_BY_SIDE") return { weighted: [], skipped: null };
  const counted = await countedJudgmentsWithValue(db, studyId, filter);
  if (counted > limit) return { weighted: [], skipped: { judgments: counted, limit } };
  return { weighted: await weightedVerdictsOfStudy(db, studyId, filter, s.dimensions.map((d) => ({ id: d.dimensionId, key: d.dimension.key }))), skipped: null };
}

/**
 * The reliability-weighted verdicts of the judgments the filter keeps, per dimension with
 * judgments, in key order: every dimension's labels read at once (repo.countedVerdictLabels reads
 * in parts at the same time), then fitted on the kept workers, a dimension at a time each.
 */
async function weightedVerdictsOfStudy(db: Db, studyId: string, filter: ReportFilter, dimensions: { id: string; key: string }[]) {
  const bootstrap = { ...DEFAULT_BOOTSTRAP, resamples: 1000 };
  const sorted = [...dimensions].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const labels = await repo.countedVerdictLabels(db, studyId, filter, sorted.map((d) => d.id));
  return weightedVerdictsOnWorkers(sorted.flatMap((d) => {
    const of = labels.get(d.id);
    return of ? [{ dimension: d.key, labels: of }] : [];
  }), bootstrap);
}

// ---- Exclusions ----

export async function excludeGrader(db: Db, actorId: string, input: TExcludeGrader) {
  await loadStudy(db, input.studyId);
  if (!(await repo.isGraderInStudy(db, input.studyId, input.graderId))) throw new TRPCError({ code: "BAD_REQUEST", message: "graderId: this grader has no work in this study." });
  const id = await repo.withGradingHeld(db, async (tx) => {
    const x = await repo.insertExclusion(tx, { studyId: input.studyId, graderId: input.graderId, fromAt: input.from ?? null, untilAt: input.until ?? null, reason: input.reason, createdById: actorId });
    await repo.reapplyExclusions(tx, engineOf(db), input.studyId, input.graderId);
    return x.id;
  });
  await recordAudit(db, { actorId, action: "study.exclude", entityType: "Exclusion", entityId: id, details: { studyId: input.studyId, graderId: input.graderId, reason: input.reason } });
  return { id, judgments: (await activeExclusions(db, input.studyId)).find((x) => x.id === id)!.judgments };
}

export async function revokeExclusion(db: Db, actorId: string, exclusionId: string, now: Date) {
  const x = await repo.findExclusion(db, exclusionId);
  if (!x) throw new TRPCError({ code: "NOT_FOUND", message: "No such exclusion." });
  if (x.revokedAt) throw new TRPCError({ code: "CONFLICT", message: "This exclusion was already undone." });
  await repo.withGradingHeld(db, async (tx) => {
    await repo.markRevoked(tx, x.id, actorId, now);
    await repo.reapplyExclusions(tx, engineOf(db), x.studyId, x.graderId);
  });
  await recordAudit(db, { actorId, action: "study.exclude_undo", entityType: "Exclusion", entityId: x.id, details: { studyId: x.studyId, graderId: x.graderId } });
  return { ok: true };
}

/** Exclusions in force, for pages that only show what is left out (no graders list to choose from). */
export async function activeExclusions(db: Db, studyId: string) {
  return (await repo.exclusionsOf(db, studyId)).filter((x) => !x.revokedAt);
}

export async function exclusionsOf(db: Db, studyId: string) {
  await loadStudy(db, studyId);
  const [list, graders] = await Promise.all([repo.exclusionsOf(db, studyId), repo.gradersOfStudy(db, studyId)]);
  const active = list.filter((x) => !x.revokedAt);
  return { excludedJudgments: active.reduce((n, x) => n + x.judgments, 0), exclusions: list, graders };
}
