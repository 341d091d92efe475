// The imports' Prisma queries: find-or-create in bulk, inside the import's transaction.
import type { IdBlocks } from "../db/id-blocks";
import { engineOf, type Db, type Tx } from "../db/client";
import { TASK_TALLY_COLUMNS, taskTallyOfJudgments, unitTallyOfJudgments } from "../analytics/judgment-sql";
import { shiftRecount, shiftRecountInOneHour } from "../analytics/hourly-shift-sql";
import type { BulkTable, BulkWriter } from "../db/bulk-insert";
import { responseStyle, styleColumns } from "../leaderboard/domain/style-features";
import type { PlannedStudy } from "./domain/judgment-plan";
import { storedConversation } from "./domain/conversation";
import type { MaterialRow } from "./domain/material-row";
import type { LoadedMedia, TurnImage } from "./import-material";
import { isAudio } from "../attachments/domain/media-type";
import { modalityOf, promptKind, type MediaKind, type Modality } from "../studies/domain/modality";


const CHUNK = 1000;
// `IN (…)` lists stay below SQLite's bound-parameter limit (999 in Prisma's SQLite driver).
const LOOKUP_CHUNK = 400;

export async function inChunks<T>(items: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) await write(items.slice(i, i + CHUNK));
}

export async function ensureLocales(tx: Tx, codes: string[]): Promise<void> {
  const existing = new Set((await tx.locale.findMany({ where: { code: { in: codes } }, select: { code: true } })).map((l) => l.code));
  const missing = codes.filter((c) => !existing.has(c));
  // Admins give imported locales a name and region later, under Locales.
  if (missing.length) await tx.locale.createMany({ data: missing.map((code) => ({ code, name: code, region: "Unassigned" })) });
}

export async function ensureModels(tx: Tx, names: string[]): Promise<Map<string, string>> {
  const found = await tx.model.findMany({ where: { name: { in: names } }, select: { id: true, name: true } });
  const ids = new Map(found.map((m) => [m.name, m.id]));
  for (const name of names.filter((n) => !ids.has(n))) {
    ids.set(name, (await tx.model.create({ data: { name, family: name.replace(/[\s-]*[\d.]+$/, "") || name }, select: { id: true } })).id);
  }
  return ids;
}

export const findStudiesByName = (tx: Db | Tx, names: string[]) =>
  tx.study.findMany({
    where: { name: { in: names } },
    select: { id: true, name: true, type: true, promptSetId: true, models: { orderBy: { position: "asc" }, select: { role: true, model: { select: { name: true } } } } },
  });

export async function promptsByExternalId(tx: Tx, promptSetId: string, externalIds: string[]) {
  const out = new Map<string, { id: string; localeCode: string; category: string; modality: string }>();
  for (let i = 0; i < externalIds.length; i += LOOKUP_CHUNK) {
    const rows = await tx.prompt.findMany({ where: { promptSetId, externalId: { in: externalIds.slice(i, i + LOOKUP_CHUNK) } },
      select: { id: true, externalId: true, localeCode: true, category: true, modality: true } });
    for (const r of rows) out.set(r.externalId, r);
  }
  return out;
}

export async function responsesFor(tx: Tx, promptIds: string[], modelIds: string[]) {
  const out = new Map<string, string>(); // `${promptId}|${modelId}` → response id
  for (let i = 0; i < promptIds.length; i += LOOKUP_CHUNK) {
    const rows = await tx.response.findMany({ where: { promptId: { in: promptIds.slice(i, i + LOOKUP_CHUNK) }, modelId: { in: modelIds } }, select: { id: true, promptId: true, modelId: true } });
    for (const r of rows) out.set(`${r.promptId}|${r.modelId}`, r.id);
  }
  return out;
}

export async function itemsOf(tx: Tx, studyId: string) {
  const rows = await tx.item.findMany({ where: { studyId }, select: { id: true, promptId: true, responseId: true, baselineResponseId: true } });
  return new Map(rows.map((r) => [`${r.promptId}|${r.responseId}|${r.baselineResponseId ?? ""}`, r.id]));
}

export const assignmentsOf = (tx: Tx, studyId: string) =>
  tx.assignment.findMany({ where: { studyId }, select: { id: true, itemId: true, graderId: true } });

export async function judgmentKeysOf(tx: Tx, studyId: string) {
  const rows = await tx.judgment.findMany({ where: { studyId, revision: 0 }, select: { assignmentId: true, dimensionId: true } });
  return new Set(rows.map((r) => `${r.assignmentId}|${r.dimensionId}`));
}

/** Item counters and the study's k from what is stored, after an import added judgments. */
export async function recount(tx: Tx, studyId: string, setRedundancy: boolean): Promise<void> {
  await tx.$executeRaw`UPDATE "Item" SET "submittedCount" = (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = "Item"."id" AND a."status" = 'SUBMITTED' AND a."surplus" = false) WHERE "studyId" = ${studyId}`;
  if (setRedundancy) {
    const top = await tx.item.aggregate({ where: { studyId, control: "NONE" }, _max: { submittedCount: true } });
    await tx.study.update({ where: { id: studyId }, data: { redundancy: Math.max(1, top._max.submittedCount ?? 1) } });
  }
}

/**
 * Leaves a study's tallies (UnitTally, TaskTally) to this transaction: the triggers skip the
 * judgments it writes (one upsert per judgment cost a million-row import 30 to 45 s) and
 * recountTallies sums them afterwards in grouped statements. See UnitTallyDeferred in
 * prisma/models.prisma.
 */
export async function deferTallies(tx: Tx, studyId: string): Promise<void> {
  await tx.unitTallyDeferred.create({ data: { studyId } });
}

/**
 * The study's unit and task tallies and its hourly histogram shifts summed afresh from its
 * judgments (the triggers' definitions), and the deferral ended. `oneHour`: the hour (since 1970)
 * in which every counted judgment of the study was submitted, when the caller knows it.
 */
export async function recountTallies(tx: Tx, engine: "sqlite" | "pg", studyId: string, oneHour?: number): Promise<void> {
  // PostgreSQL: recount() has just updated every item of the study, and the task tallies' trigger
  // takes its item's row lock first (migration 0017). So graders' transactions in flight on the
  // study have committed before this recount reads, and later ones wait for the import's commit
  // before they count: each side sees the other's judgments (task-tally.int.test.ts).
  for (const { sql, params } of tallyRecount(engine, studyId, oneHour)) await tx.$executeRawUnsafe(sql, ...params);
  await tx.unitTallyDeferred.delete({ where: { studyId } });
}

/**
 * SQLite: the page cache, in KiB, of the connection an import writes on, for the whole import
 * (a writing connection has 64 MiB, sqlite-connection.ts). The cache fills with the pages the
 * import writes and SQLite's sorter holds as much as the cache before it spills to a temporary
 * file, so at a million judgments 64 MiB cost some 50 MB of the import's peak while writing and
 * 100 MB more while the task tallies were recounted; at 16 MiB the writing took as long and the
 * recount about a second more (docs/performance.md).
 */
export const IMPORT_PAGE_CACHE_KIB = 16 * 1024;

/** Runs `write` with the connection's page cache at IMPORT_PAGE_CACHE_KIB (SQLite) and sets it back afterwards, also when `write` fails. */
export async function withImportPageCache<T>(tx: Tx, engine: "sqlite" | "pg", write: () => Promise<T>): Promise<T> {
  if (engine !== "sqlite") return write();
  const own = -Number((await tx.$queryRawUnsafe<{ cache_size: number | bigint }[]>("PRAGMA cache_size"))[0].cache_size);
  if (own <= IMPORT_PAGE_CACHE_KIB) return write();
  await tx.$executeRawUnsafe(`PRAGMA cache_size = -${IMPORT_PAGE_CACHE_KIB}`);
  try {
    return await write();
  } finally {
    // Not part of the transaction: set back also when the import rolls back.
    await tx.$executeRawUnsafe(`PRAGMA cache_size = -${own}`);
  }
}

/**
 * SQLite: the triggers that run for every judgment inserted and skip a study whose tallies are
 * deferred (today the tallies' and hourly shifts'), in the order they were created. Read from the
 * schema, so that they are put back as they are; an insert trigger that does not test the
 * deferral (one that must see every row) is not among them and stays.
 */
export const JUDGMENT_INSERT_TRIGGERS_SQL =
  `SELECT "name", "sql" FROM "sqlite_master" WHERE "type" = 'trigger' AND "tbl_name" = 'Judgment' AND "sql" LIKE '%AFTER INSERT ON%' AND "sql" LIKE '%"UnitTallyDeferred"%' ORDER BY "rowid"`;

/** SQLite: the statement that drops the trigger named `name` (as JUDGMENT_INSERT_TRIGGERS_SQL lists it). */
export const dropTriggerSql = (name: string): string => `DROP TRIGGER "${name.replaceAll('"', '""')}"`;

/**
 * SQLite: runs `write` with Judgment's deferral-aware insert triggers (JUDGMENT_INSERT_TRIGGERS_SQL)
 * dropped, and creates them again, as they were, before the transaction goes on. Only for writes
 * whose studies' tallies are deferred (deferTallies) and recounted afterwards: there each trigger
 * would only test its `WHEN` and do nothing, yet SQLite runs a trigger's program for every row to
 * test it, about 2 s of a million-row import (docs/performance.md), and has no switch for triggers
 * that better-sqlite3 reaches. Safe in a transaction: SQLite's schema changes are transactional,
 * so other connections never see the table without its triggers, and none can insert a judgment
 * meanwhile, because this transaction holds the database's one write lock. PostgreSQL runs
 * `write` as it is (there disabling a trigger takes a lock that would stop every grader's
 * submission for the import).
 */
export async function withJudgmentInsertTriggersSuspended<T>(tx: Tx, engine: "sqlite" | "pg", write: () => Promise<T>): Promise<T> {
  if (engine !== "sqlite") return write();
  const triggers = await tx.$queryRawUnsafe<{ name: string; sql: string }[]>(JUDGMENT_INSERT_TRIGGERS_SQL);
  for (const t of triggers) await tx.$executeRawUnsafe(dropTriggerSql(t.name));
  const restore = async () => {
    for (const t of triggers) await tx.$executeRawUnsafe(t.sql);
  };
  let result: T;
  try {
    result = await write();
  } catch (e) {
    // The transaction's rollback would restore them too; restored here as well, for a caller
    // that catches the failure and commits what it has.
    await restore().catch(() => undefined);
    throw e;
  }
  await restore();
  return result;
}

/** UnitTally's columns in the order the recount's insert gives them. */
export const UNIT_TALLY_COLUMNS = ["itemId", "dimensionId", "studyId", "modelId", "baselineModelId", "localeCode", "category", "modality",
  "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies"] as const;

/**
 * The columns of the unit tallies' covering index (prisma/models.prisma), in its order; a test
 * compares them with the schema. The task tallies' recount is not ordered by its index: its
 * grouping already sorts a million judgments, and a second sort held beside it raised a million-row
 * import's peak RSS by 20–30 MB, to 300 MB, for 0.6 s.
 */
export const UNIT_TALLY_GROUP_INDEX = { name: "UnitTally_group_idx", columns: ["studyId", "dimensionId", "modelId", "baselineModelId", "localeCode",
  "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies", "itemId"] } as const;

/**
 * SQLite: ORDER BY the output columns (`columns`, as an insert lists them) in the order of `index`,
 * so that a recount's rows arrive in that covering index's order and its inserts append. In the
 * order they are grouped in, each unit landed somewhere else in an index of tens of megabytes, and
 * at a million judgments the unit tallies' recount took 2–2.5 s longer (docs/performance.md). The
 * table's own key then takes them out of order, but it is the smaller b-tree.
 */
export function inIndexOrder(columns: readonly string[], index: readonly string[]): string {
  return `ORDER BY ${index.map((c) => {
    const at = columns.indexOf(c);
    if (at < 0) throw new Error(`the insert has no column "${c}"`);
    return at + 1;
  }).join(", ")}`;
}

/** One study's statements, each with the study's id for its placeholder(s): `$1` on PostgreSQL, each `?` on SQLite. */
type StudyStatement = { sql: string; params: string[] };
const placeholder = (engine: "sqlite" | "pg") => (engine === "pg" ? "$1" : "?");
const forStudy = (engine: "sqlite" | "pg", studyId: string, sqls: string[]): StudyStatement[] =>
  sqls.map((sql) => ({ sql, params: engine === "pg" ? [studyId] : sql.split("?").slice(1).map(() => studyId) }));

/**
 * Statements that replace one study's hourly shifts: from its unit tallies when every counted
 * judgment of the study was submitted in `oneHour` (the hour since 1970), else from its judgments.
 */
export function shiftStatements(engine: "sqlite" | "pg", studyId: string, oneHour?: number): StudyStatement[] {
  const param = placeholder(engine);
  return forStudy(engine, studyId, oneHour === undefined ? shiftRecount(engine, param) : shiftRecountInOneHour(param, oneHour));
}

/**
 * Ends the deferral of a study created by this import, whose unit and task tallies it wrote itself
 * (ImportedTallies): its hourly shifts are taken from them, its judgments all stamped in `hour`.
 */
export async function finishImportedTallies(tx: Tx, engine: "sqlite" | "pg", studyId: string, hour: number): Promise<void> {
  for (const { sql, params } of shiftStatements(engine, studyId, hour)) await tx.$executeRawUnsafe(sql, ...params);
  await tx.unitTallyDeferred.delete({ where: { studyId } });
}

/** Statements (with their parameters) that replace one study's tallies and hourly shifts by their recount from its judgments. */
export function tallyRecount(engine: "sqlite" | "pg", studyId: string, oneHour?: number): StudyStatement[] {
  const param = placeholder(engine);
  // PostgreSQL inserts them as they are grouped (not measured there; a sort of millions of units would be its cost).
  const unitOrder = engine === "sqlite" ? ` ${inIndexOrder(UNIT_TALLY_COLUMNS, UNIT_TALLY_GROUP_INDEX.columns)}` : "";
  // Units grouped first, along the report's covering index, then joined: one join per unit, not per judgment.
  const tallies = [
    `DELETE FROM "UnitTally" WHERE "studyId" = ${param}`,
    `INSERT INTO "UnitTally" (${UNIT_TALLY_COLUMNS.map((c) => `"${c}"`).join(", ")})
    SELECT g."itemId", g."dimensionId", g."studyId", ra."modelId", COALESCE(rb."modelId", ''), p."localeCode", p."category", p."modality",
      g."h0", g."h1", g."h2", g."h3", g."h4", g."h5", g."h6", g."leftWins", g."sidedNonTies"
    FROM (${unitTallyOfJudgments(param)}) g JOIN "Item" i ON i."id" = g."itemId" JOIN "Response" ra ON ra."id" = i."responseId"
      LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId" JOIN "Prompt" p ON p."id" = i."promptId"${unitOrder}`,
    `DELETE FROM "TaskTally" WHERE "studyId" = ${param}`,
    `INSERT INTO "TaskTally" (${TASK_TALLY_COLUMNS.map((c) => `"${c}"`).join(", ")}) ${taskTallyOfJudgments(param)}`,
  ];
  // After the unit tallies: a study judged within one hour takes its shifts from them (a delete, then a grouped insert).
  return [...forStudy(engine, studyId, tallies), ...shiftStatements(engine, studyId, oneHour)];
}

export async function dimensionIds(db: Db | Tx): Promise<Map<string, string>> {
  return new Map((await db.dimension.findMany({ select: { id: true, key: true } })).map((d) => [d.key, d.id]));
}

/** Assignments an import adds, all submitted at `at`; written in batches as they are added. */
export function importedAssignments(bulk: BulkWriter) {
  const table = bulk.table("Assignment", ["id", "studyId", "itemId", "graderId", "status", "leasedAt", "expiresAt", "submittedAt"]);
  return {
    table,
    add: (id: string, studyId: string, itemId: string, graderId: string, at: Date) => table.add([id, studyId, itemId, graderId, "SUBMITTED", at, at, at]),
  };
}

/** Judgments an import adds, each after its assignment (`assignments`, written first); in batches as they are added. The database numbers them, in the order written. */
export function importedJudgments(bulk: BulkWriter, assignments: BulkTable) {
  const table = bulk.table("Judgment", ["studyId", "itemId", "assignmentId", "graderId", "dimensionId", "preference", "score", "source", "submittedAt"], [assignments]);
  return {
    table,
    add: (studyId: string, itemId: string, assignmentId: string, graderId: string, dimensionId: string, preference: number | null, score: number | null, at: Date) =>
      table.add([studyId, itemId, assignmentId, graderId, dimensionId, preference, score, "IMPORT", at]),
  };
}

/** The key of the item for a prompt (external id) and a model, or a pair in the study's order (ItemKeys). */
export type ItemKeyOf = (externalId: string, model: string, modelB: string | null) => number;

/** An item's prompt and models as UnitTally keeps them. */
export interface UnitGroup {
  modelId: string;
  /** "" single-sided */
  baselineModelId: string;
  localeCode: string;
  category: string;
  modality: string;
}

/** A group's fields in UnitTally_group_idx's order, as one string: the same key for the same group, and sorting as the index does. */
export const unitGroupKey = (g: UnitGroup): string => [g.modelId, g.baselineModelId, g.localeCode, g.category, g.modality].join("\u0000");

export interface StudyTargets {
  studyId: string;
  createdHere: boolean;
  /** item key (ItemKeyOf) → index in itemIds */
  items: Map<number, number>;
  itemIds: string[];
  /**
   * What UnitTally keeps of each item's prompt and models, as a group number per item (by index
   * in itemIds) into `groups`: a study has few such groups (pairs × locales × categories ×
   * modalities), and the import's own tallies (ImportedTallies) are written by them.
   */
  itemGroups: number[];
  groups: UnitGroup[];
  /** The study's stored assignments and its stored original judgments (by assignment and dimension id), when it existed before. */
  storedAssignments: { id: string; itemId: string; graderId: string }[];
  judgmentKeys: Set<string>;
}

/** Finds or creates the study, its prompt set, prompts, responses and items that a judgments file refers to. */
export async function prepareImportStudy(tx: Tx, bulk: BulkWriter, ids: IdBlocks, planned: PlannedStudy, modelIds: Map<string, string>, dimensionIds: Map<string, string>, placeholderText: string, itemKeyOf: ItemKeyOf): Promise<StudyTargets> {
  const sxs = planned.type === "side_by_side";
  const [existing] = await findStudiesByName(tx, [planned.name]);
  let studyId = existing?.id;
  let promptSetId = existing?.promptSetId ?? null;
  // A prompt set, study or prompt created by this import has nothing stored under it yet: its
  // lookups (hundreds of queries for a million-row file) are skipped.
  let newSet = false;
  if (!promptSetId) {
    const setName = `${planned.name} (imported)`;
    const found = await tx.promptSet.findUnique({ where: { name: setName }, select: { id: true } });
    newSet = !found;
    promptSetId = (found ?? await tx.promptSet.create({ data: { name: setName, description: "Prompts created by a judgment import." }, select: { id: true } })).id;
  }
  if (!studyId) {
    studyId = (await tx.study.create({ data: {
      id: await ids.take(), name: planned.name, type: sxs ? "SIDE_BY_SIDE" : "SINGLE_SIDED", status: "COMPLETED", redundancy: 1, promptSetId,
      guidelines: "Imported from another tool.", completedAt: new Date(),
      models: { create: planned.models.map((m, i) => ({ modelId: modelIds.get(m)!, position: i, role: sxs ? (i === 0 ? "CANDIDATE" : "BASELINE") : "SCORED" })) },
    }, select: { id: true } })).id;
  } else if (!sxs) {
    const have = new Set(existing!.models.map((m) => m.model.name));
    const add = planned.models.filter((m) => !have.has(m));
    if (add.length) await tx.studyModel.createMany({ data: add.map((m, i) => ({ studyId: studyId!, modelId: modelIds.get(m)!, role: "SCORED" as const, position: have.size + i })) });
  }
  const scale = sxs ? { scaleMin: -3, scaleMax: 3 } : { scaleMin: 1, scaleMax: 5 };
  const haveDims = await tx.studyDimension.findMany({ where: { studyId }, select: { dimensionId: true, position: true } });
  const newDims = [...planned.dimensions].map((k) => dimensionIds.get(k)!).filter((id) => !haveDims.some((d) => d.dimensionId === id));
  if (newDims.length) await tx.studyDimension.createMany({ data: newDims.map((dimensionId, i) => ({ studyId: studyId!, dimensionId, position: haveDims.length + i, ...scale })) });
  const haveLocales = new Set((await tx.studyLocale.findMany({ where: { studyId }, select: { localeCode: true } })).map((l) => l.localeCode));
  const newLocales = [...planned.locales].filter((l) => !haveLocales.has(l));
  if (newLocales.length) await tx.studyLocale.createMany({ data: newLocales.map((localeCode) => ({ studyId: studyId!, localeCode })) });

  // Prompts, responses and items that the file refers to and the database lacks, each written as
  // it is made: made as whole lists (and copied into rows), a million-row file's study became
  // some 200 MB of garbage at once, the import's peak of memory (docs/performance.md). Kept by the
  // prompt's number in the file (n) and the model's in the study (m), not in maps by text keys:
  // those were another 40 MB at that peak.
  const externalIds = [...planned.prompts.keys()];
  const stored = newSet ? new Map<string, { id: string; localeCode: string; category: string; modality: string }>() : await promptsByExternalId(tx, promptSetId, externalIds);
  const promptIds: string[] = [];
  const now = new Date();
  const promptRows = bulk.table("Prompt", ["id", "promptSetId", "externalId", "text", "localeCode", "category", "modality", "createdAt"]);
  for (const externalId of externalIds) {
    const id = stored.get(externalId)?.id ?? await ids.take();
    promptIds.push(id);
    if (stored.has(externalId)) continue;
    const p = planned.prompts.get(externalId)!;
    await promptRows.add([id, promptSetId, externalId, placeholderText, p.locale, p.category, p.modality, now]);
  }
  await promptRows.flush();

  const studyModelIds = planned.models.map((m) => modelIds.get(m)!);
  const storedResponses = stored.size ? await responsesFor(tx, [...stored.values()].map((p) => p.id), studyModelIds) : new Map<string, string>();
  const responseIds: string[] = []; // [n × models + m]
  // Placeholders have no text: their style (for the leaderboard's style control) is all zeros.
  const responseRows = bulk.table("Response", ["id", "promptId", "modelId", "text", "createdAt", "styleLength", "styleHeaders", "styleListItems", "styleBold"]);
  for (const promptId of promptIds) {
    for (const modelId of studyModelIds) {
      let id = storedResponses.size ? storedResponses.get(`${promptId}|${modelId}`) : undefined;
      if (id === undefined) {
        id = await ids.take();
        await responseRows.add([id, promptId, modelId, "", now, 0, 0, 0, 0]);
      }
      responseIds.push(id);
    }
  }
  await responseRows.flush();

  const storedItems = existing ? await itemsOf(tx, studyId) : new Map<string, string>();
  const items = new Map<number, number>();
  const itemIds: string[] = [];
  const groups: UnitGroup[] = [];
  const groupNumbers = new Map<string, number>();
  const itemGroups: number[] = [];
  const groupOf = (g: UnitGroup) => {
    const key = unitGroupKey(g);
    let n = groupNumbers.get(key);
    if (n === undefined) groupNumbers.set(key, (n = groups.push(g) - 1));
    return n;
  };
  const itemRows = bulk.table("Item", ["id", "studyId", "promptId", "localeCode", "responseId", "baselineResponseId", "createdAt"]);
  const place = new Map(planned.models.map((m, i) => [m, i]));
  const models = planned.models.length;
  for (let n = 0; n < externalIds.length; n++) {
    const externalId = externalIds[n], promptId = promptIds[n];
    // The prompt as stored, when it was: its locale, category and modality are what the tallies group by.
    const prompt = stored.get(externalId) ?? { ...planned.prompts.get(externalId)!, localeCode: planned.prompts.get(externalId)!.locale };
    const localeCode = prompt.localeCode;
    // Side-by-side: one item per pair the file judged on this prompt (in the study's order of models); single-sided: per model.
    const subjects: [m: number, mB: number][] = [];
    if (!sxs) for (let m = 0; m < models; m++) subjects.push([m, -1]);
    else {
      for (const pair of planned.prompts.get(externalId)!.pairs) {
        const [x, y] = pair.split("\u0000").map((model) => place.get(model)!);
        const [m, mB] = x < y ? [x, y] : [y, x];
        // A pair named both ways round on this prompt is one item.
        if (!subjects.some(([a, b]) => a === m && b === mB)) subjects.push([m, mB]);
      }
    }
    for (const [m, mB] of subjects) {
      const responseId = responseIds[n * models + m];
      const baselineResponseId = mB < 0 ? null : responseIds[n * models + mB];
      let itemId = storedItems.size ? storedItems.get(`${promptId}|${responseId}|${baselineResponseId ?? ""}`) : undefined;
      if (!itemId) {
        itemId = await ids.take();
        await itemRows.add([itemId, studyId, promptId, localeCode, responseId, baselineResponseId, now]);
      }
      items.set(itemKeyOf(externalId, planned.models[m], mB < 0 ? null : planned.models[mB]), itemIds.push(itemId) - 1);
      itemGroups.push(groupOf({ modelId: studyModelIds[m], baselineModelId: mB < 0 ? "" : studyModelIds[mB], localeCode, category: prompt.category, modality: prompt.modality }));
    }
  }
  await itemRows.flush();
  return { studyId, createdHere: !existing, items, itemIds, itemGroups, groups,
    storedAssignments: existing ? await assignmentsOf(tx, studyId) : [], judgmentKeys: existing ? await judgmentKeysOf(tx, studyId) : new Set() };
}

/** Users for graders named in a file; new ones get no password, so they cannot log in. */
export async function ensureGraders(tx: Tx, ids: IdBlocks, names: string[], emailFor: (grader: string) => string): Promise<Map<string, string>> {
  const emails = new Map(names.map((n) => [n, emailFor(n)]));
  const all = [...emails.values()];
  const byEmail = new Map<string, string>();
  for (let i = 0; i < all.length; i += LOOKUP_CHUNK) {
    for (const u of await tx.user.findMany({ where: { email: { in: all.slice(i, i + LOOKUP_CHUNK) } }, select: { id: true, email: true } })) byEmail.set(u.email, u.id);
  }
  const missing = names.filter((n) => !byEmail.has(emails.get(n)!));
  const created: { id: string; email: string; displayName: string; role: "GRADER"; passwordHash: null }[] = [];
  for (const n of missing) created.push({ id: await ids.take(), email: emails.get(n)!, displayName: n.slice(0, 80), role: "GRADER", passwordHash: null });
  await inChunks(created, (chunk) => tx.user.createMany({ data: chunk }));
  for (const u of created) byEmail.set(u.email, u.id);
  return new Map(names.map((n) => [n, byEmail.get(emails.get(n)!)!]));
}


export const ensurePromptSet = (tx: Tx, name: string, createdById: string | null) =>
  tx.promptSet.upsert({ where: { name }, create: { name, createdById }, update: {}, select: { id: true } });

/**
 * Writes a batch of material rows: prompts created or updated by external id, their images
 * replaced when they changed (each prompt's images are taken from `images` once), responses
 * created or updated per model.
 */
/**
 * Sets the images of one prompt or response to `wanted`, rewriting them only when something
 * differs (content, order or turn): a re-import of the same file leaves stored images as they are.
 */
async function replaceAttachments(tx: Tx, owner: { promptId: string } | { responseId: string },
  wanted: { turn: number | null; image: LoadedMedia; position: number }[]) {
  const key = (turn: number | null, sha256: string) => `${turn ?? "final"}:${sha256}`;
  const stored = await tx.attachment.findMany({ where: owner, orderBy: { position: "asc" }, select: { sha256: true, turn: true } });
  if (stored.map((x) => key(x.turn, x.sha256)).join() === wanted.map((w) => key(w.turn, w.image.sha256)).join()) return;
  await tx.attachment.deleteMany({ where: owner });
  await tx.attachment.createMany({ data: wanted.map(({ turn, image, position }) => ({ ...owner, turn, fileName: image.fileName, mimeType: image.mimeType,
    byteSize: image.data.length, sha256: image.sha256, data: new Uint8Array(image.data), position, durationMs: image.durationMs ?? null })) });
}

export async function upsertMaterialBatch(tx: Tx, ids: IdBlocks, promptSetId: string, batch: MaterialRow[], modelIds: Map<string, string>,
  images: Map<string, LoadedMedia[]>, turnImages: Map<string, TurnImage[]>, outputImages: Map<string, LoadedMedia[]>) {
  const existing = await promptsByExternalId(tx, promptSetId, [...new Set(batch.map((r) => r.promptId))]);
  const promptIds = new Map<string, string>();
  for (const r of batch) {
    if (promptIds.has(r.promptId)) continue;
    const found = existing.get(r.promptId);
    const data = { text: r.prompt, conversation: storedConversation(r.context), localeCode: r.locale, category: r.category, modality: r.modality };
    const id = found?.id ?? await ids.take();
    if (found) await tx.prompt.update({ where: { id }, data });
    else await tx.prompt.create({ data: { id, promptSetId, externalId: r.promptId, ...data } });
    promptIds.set(r.promptId, id);
    // The prompt's images: the final turn's (turn null) and the earlier turns' (their index),
    // replaced together when anything about them changed.
    const finals = images.get(r.promptId) ?? [];
    const wanted = [...finals.map((image, position) => ({ turn: null as number | null, image, position })),
      ...(turnImages.get(r.promptId) ?? []).map((x, i) => ({ turn: x.turn, image: x.image, position: finals.length + i }))];
    if (wanted.length) {
      await replaceAttachments(tx, { promptId: id }, wanted);
      images.delete(r.promptId);
      turnImages.delete(r.promptId);
    }
  }
  const responses = await responsesFor(tx, [...promptIds.values()], [...modelIds.values()]);
  for (const r of batch) {
    const promptId = promptIds.get(r.promptId)!;
    const modelId = modelIds.get(r.model)!;
    const id = responses.get(`${promptId}|${modelId}`);
    // The style the leaderboard's style control reads, measured when the text is written.
    const data = { text: r.response, ...styleColumns(responseStyle(r.response)) };
    const responseId = id ?? await ids.take();
    if (id) await tx.response.update({ where: { id }, data });
    else await tx.response.create({ data: { id: responseId, promptId, modelId, ...data } });
    // The images the model made, replaced when they changed.
    const made = outputImages.get(`${r.promptId}|${r.model}`);
    if (made) {
      await replaceAttachments(tx, { responseId }, made.map((image, position) => ({ turn: null, image, position })));
      outputImages.delete(`${r.promptId}|${r.model}`);
    }
  }
}

/**
 * Each prompt's modality from what is stored: its own kind (as imported) and the kind of its
 * responses, which is audio when any response has clips, images when any has images, else text.
 * Settled after every material import, so responses added by a later file count too.
 */
export async function settleModalities(tx: Tx, promptSetId: string): Promise<void> {
  const prompts = await tx.prompt.findMany({ where: { promptSetId }, select: { id: true, modality: true } });
  const media = await tx.attachment.findMany({ where: { response: { prompt: { promptSetId } } }, select: { mimeType: true, response: { select: { promptId: true } } } });
  const kinds = new Map<string, MediaKind>();
  for (const a of media) {
    const kind: MediaKind = isAudio(a) ? "AUDIO" : "IMAGE";
    const promptId = a.response!.promptId;
    if (kinds.get(promptId) !== "AUDIO") kinds.set(promptId, kind);
  }
  const wanted = new Map<Modality, string[]>();
  for (const p of prompts) {
    const m = modalityOf(promptKind(p.modality), kinds.get(p.id) ?? "TEXT");
    if (m !== p.modality) wanted.set(m, [...(wanted.get(m) ?? []), p.id]);
  }
  for (const [modality, ids] of wanted) {
    for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) await tx.prompt.updateMany({ where: { id: { in: ids.slice(i, i + LOOKUP_CHUNK) } }, data: { modality } });
  }
}

/**
 * Fresh planner statistics for the tables a large import fills. PostgreSQL plans from row
 * estimates that autovacuum refreshes only later: just after ten million judgments arrived it
 * still believed the study held a few thousand, and a raw export planned each page as a scan of
 * the whole study (seconds per page). SQLite keeps no statistics unless told to, and plans by index.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (engineOf(db) !== "pg") return;
  await db.$executeRawUnsafe(`ANALYZE "Judgment", "Assignment", "Item", "Prompt", "Response", "UnitTally", "TaskTally"`);
}
