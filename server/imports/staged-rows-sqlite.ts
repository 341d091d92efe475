// SQLite: a judgment import's assignments and judgments staged as numbers and copied into their
// tables by the engine (ImportedRows, imported-rows.ts). Sending every judgment's five ids as text
// (25–26 characters each, five million strings at a million rows) cost more than SQLite's own
// work: binding 1,000,008 judgments' text took 11 s where staging their numbers and one
// `INSERT … SELECT` that looks the ids up by integer key took 5.5 s (docs/performance.md).
//
// The temporary tables live in the connection's temporary database, inside the import's
// transaction: a rollback takes them away with everything else, and no other connection sees
// them. Judgments are staged a chunk at a time and copied before the next chunk, so the staging
// table stays small (in the page cache) and the event loop gets a turn after each chunk: a server
// importing an upload goes on answering, and the CLI's lifeline can still end the import.
import type Database from "better-sqlite3";
import { turn, type BulkWriter } from "../db/bulk-insert";
import { sqliteDateTime } from "../db/sqlite-date-time";
import { firstNumbers, type ImportedRows, type ImportKeys } from "./imported-rows";
import { HISTOGRAM_POINTS, TASK_SUMS, type ImportedTallies } from "./domain/imported-tallies";
import { UNIT_TALLY_COLUMNS, unitGroupKey } from "./repo";

/** Judgments staged before they are copied (and the event loop given a turn). */
export const STAGED_CHUNK = 4_096;

const KEY_TABLES = ["study", "item", "grader", "dimension"] as const;
const TABLES = [...KEY_TABLES, "assignment", "judgment", "group", "unit", "task"].map((t) => `temp."import_${t}"`);
const POINTS = Array.from({ length: HISTOGRAM_POINTS }, (_, p) => `h${p}`);

/**
 * Stages on `conn`, which must be inside the import's transaction, through `bulk` (the bulk writer
 * on that connection: the temporary tables are named without their schema, which SQLite resolves
 * to temp, as no table of the database has their names); every row stamped `at`.
 */
export async function stagedSqliteRows(conn: Database.Database, bulk: BulkWriter, keys: ImportKeys, at: Date): Promise<ImportedRows> {
  if (!conn.inTransaction) throw new Error("staged import rows outside a transaction");
  const time = sqliteDateTime(at);
  const itemBase = firstNumbers(keys.itemIds);

  for (const t of TABLES) conn.exec(`DROP TABLE IF EXISTS ${t}`);
  for (const t of KEY_TABLES) conn.exec(`CREATE TEMP TABLE "import_${t}" ("n" INTEGER PRIMARY KEY, "id" TEXT NOT NULL)`);
  conn.exec(`CREATE TEMP TABLE "import_assignment" ("n" INTEGER PRIMARY KEY, "id" TEXT NOT NULL, "study" INTEGER NOT NULL, "item" INTEGER NOT NULL, "grader" INTEGER NOT NULL, "stored" INTEGER NOT NULL)`);
  conn.exec(`CREATE TEMP TABLE "import_judgment" ("assignment" INTEGER NOT NULL, "dimension" INTEGER NOT NULL, "preference" INTEGER, "score" INTEGER)`);
  conn.exec(`CREATE TEMP TABLE "import_group" ("n" INTEGER PRIMARY KEY, "modelId" TEXT NOT NULL, "baselineModelId" TEXT NOT NULL, "localeCode" TEXT NOT NULL, "category" TEXT NOT NULL, "modality" TEXT NOT NULL)`);
  conn.exec(`CREATE TEMP TABLE "import_unit" ("item" INTEGER NOT NULL, "dimension" INTEGER NOT NULL, "study" INTEGER NOT NULL, "group" INTEGER NOT NULL, ${POINTS.map((p) => `"${p}" INTEGER NOT NULL`).join(", ")})`);
  conn.exec(`CREATE TEMP TABLE "import_task" ("assignment" INTEGER NOT NULL, ${TASK_SUMS.map((c) => `"${c}" INTEGER NOT NULL`).join(", ")})`);
  const numbered = (ids: string[], base = 0) => ids.map((id, n) => [base + n, id]);
  await bulk.insert("import_study", ["n", "id"], numbered(keys.studyIds));
  await bulk.insert("import_item", ["n", "id"], keys.itemIds.flatMap((ids, s) => numbered(ids, itemBase[s])));
  await bulk.insert("import_grader", ["n", "id"], numbered(keys.graderIds));
  await bulk.insert("import_dimension", ["n", "id"], numbered(keys.dimensionIds));

  const assignments = bulk.table("import_assignment", ["n", "id", "study", "item", "grader", "stored"]);
  const judgments = bulk.table("import_judgment", ["assignment", "dimension", "preference", "score"]);
  // New assignments first, in number order (their ids are time-ordered, so Assignment's indexes append).
  const copyAssignments = conn.prepare(`INSERT INTO "Assignment" ("id", "studyId", "itemId", "graderId", "status", "leasedAt", "expiresAt", "submittedAt")
    SELECT a."id", s."id", i."id", g."id", 'SUBMITTED', @at, @at, @at
    FROM temp."import_assignment" a CROSS JOIN temp."import_study" s CROSS JOIN temp."import_item" i CROSS JOIN temp."import_grader" g
    WHERE a."n" >= @from AND a."stored" = 0 AND s."n" = a."study" AND i."n" = a."item" AND g."n" = a."grader"
    ORDER BY a."n"`);
  // Then the chunk's judgments in the order staged (the database numbers them in that order). CROSS
  // JOIN keeps the staged rows the outer loop; every id is found by its integer key.
  const copyJudgments = conn.prepare(`INSERT INTO "Judgment" ("studyId", "itemId", "assignmentId", "graderId", "dimensionId", "preference", "score", "source", "submittedAt")
    SELECT s."id", i."id", a."id", g."id", d."id", j."preference", j."score", 'IMPORT', ?
    FROM temp."import_judgment" j CROSS JOIN temp."import_assignment" a CROSS JOIN temp."import_study" s CROSS JOIN temp."import_item" i
      CROSS JOIN temp."import_grader" g CROSS JOIN temp."import_dimension" d
    WHERE a."n" = j."assignment" AND s."n" = a."study" AND i."n" = a."item" AND g."n" = a."grader" AND d."n" = j."dimension"
    ORDER BY j."rowid"`);
  const clearJudgments = conn.prepare(`DELETE FROM temp."import_judgment"`);
  let copiedAssignments = 0;
  let nextAssignment = 0;
  let staged = 0;

  const copy = async (): Promise<void> => {
    await assignments.flush();
    await judgments.flush();
    copyAssignments.run({ at: time, from: copiedAssignments });
    copiedAssignments = nextAssignment;
    copyJudgments.run(time);
    clearJudgments.run();
    staged = 0;
  };

  return {
    assignment(n, id, study, item, grader, stored) {
      if (n !== nextAssignment) throw new Error(`assignment ${n} given after ${nextAssignment - 1}: they must be numbered in order`);
      nextAssignment++;
      return assignments.add([n, id, study, itemBase[study] + item, grader, stored ? 1 : 0]);
    },
    judgment(assignment, dimension, preference, score) {
      const written = judgments.add([assignment, dimension, preference, score]);
      // The bulk writer gives the event loop its turns as it writes; a chunk is copied after its last row.
      return ++staged < STAGED_CHUNK ? written : (written ?? Promise.resolve()).then(copy);
    },
    writesTallies: true,
    async finish(tallies) {
      await copy();
      if (tallies) await writeTallies(conn, bulk, keys, itemBase, tallies, time);
      for (const t of TABLES) conn.exec(`DROP TABLE ${t}`);
      await turn();
    },
  };
}

/**
 * The unit and task tallies the import counted (ImportedTallies), staged as numbers and copied
 * like the judgments. Units are numbered item (across the studies) × dimensions + dimension.
 * Units are staged in the order of UnitTally's covering index, so that its inserts append; its ids
 * compare here as JavaScript strings, SQLite's order for the ASCII ids and for any text that stays
 * within the Basic Multilingual Plane (beyond it, only the inserts' order suffers, not the rows).
 */
async function writeTallies(conn: Database.Database, bulk: BulkWriter, keys: ImportKeys, itemBase: number[], tallies: ImportedTallies, time: string) {
  const dimensions = keys.dimensionIds.length;
  const studyOfItem = keys.itemIds.flatMap((ids, s) => ids.map(() => s));
  if (tallies.units !== studyOfItem.length * dimensions) throw new Error(`${tallies.units} units counted for ${studyOfItem.length} items × ${dimensions} dimensions`);
  // Groups numbered across the studies, as items are.
  const groupBase = firstNumbers(keys.groups);
  const groups = keys.groups.flat();
  const rank = <T>(values: T[], key: (v: T) => string) => {
    const order = values.map((_, i) => i).sort((a, b) => { const [x, y] = [key(values[a]), key(values[b])]; return x < y ? -1 : x > y ? 1 : 0; });
    const out = new Float64Array(values.length);
    order.forEach((i, r) => (out[i] = r));
    return out;
  };
  const studyRank = rank(keys.studyIds, (id) => id);
  const dimensionRank = rank(keys.dimensionIds, (id) => id);
  const groupRank = rank(groups, unitGroupKey);
  const itemRank = rank(keys.itemIds.flat(), (id) => id);
  const groupOf = (item: number) => {
    const s = studyOfItem[item];
    return groupBase[s] + keys.itemGroups[s][item - itemBase[s]];
  };
  await bulk.insert("import_group", ["n", "modelId", "baselineModelId", "localeCode", "category", "modality"],
    groups.map((g, n) => [n, g.modelId, g.baselineModelId, g.localeCode, g.category, g.modality]));
  const order = tallies.unitsInIndexOrder((u) => {
    const item = Math.floor(u / dimensions);
    return (studyRank[studyOfItem[item]] * dimensions + dimensionRank[u % dimensions]) * groups.length + groupRank[groupOf(item)];
  }, (u) => itemRank[Math.floor(u / dimensions)]);
  const units = bulk.table("import_unit", ["item", "dimension", "study", "group", ...POINTS]);
  for (const u of order) {
    const item = Math.floor(u / dimensions);
    await units.add([item, u % dimensions, studyOfItem[item], groupOf(item), ...tallies.histogram(u)]);
  }
  await units.flush();
  const tasks = bulk.table("import_task", ["assignment", ...TASK_SUMS]);
  // In assignment order: the primary key appends, and the covering index (by study and grader first) takes them at one place per grader.
  for (let a = 0; a < tallies.assignments; a++) {
    const t = tallies.taskSums(a);
    if (t) await tasks.add([a, ...TASK_SUMS.map((c) => t[c])]);
  }
  await tasks.flush();
  // Outer loops over the staged rows in the order staged; every id found by its integer key.
  conn.exec(`INSERT INTO "UnitTally" (${UNIT_TALLY_COLUMNS.map((c) => `"${c}"`).join(", ")})
    SELECT i."id", d."id", s."id", g."modelId", g."baselineModelId", g."localeCode", g."category", g."modality", ${POINTS.map((p) => `u."${p}"`).join(", ")}, 0, 0
    FROM temp."import_unit" u CROSS JOIN temp."import_item" i CROSS JOIN temp."import_dimension" d CROSS JOIN temp."import_study" s CROSS JOIN temp."import_group" g
    WHERE i."n" = u."item" AND d."n" = u."dimension" AND s."n" = u."study" AND g."n" = u."group"
    ORDER BY u."rowid"`);
  conn.prepare(`INSERT INTO "TaskTally" ("assignmentId", "studyId", "itemId", "graderId", ${TASK_SUMS.map((c) => `"${c}"`).join(", ")},
      "leftWins", "sidedNonTies", "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs")
    SELECT a."id", s."id", i."id", g."id", ${TASK_SUMS.map((c) => `t."${c}"`).join(", ")}, 0, 0, 0, NULL, ?, NULL
    FROM temp."import_task" t CROSS JOIN temp."import_assignment" a CROSS JOIN temp."import_study" s CROSS JOIN temp."import_item" i CROSS JOIN temp."import_grader" g
    WHERE a."n" = t."assignment" AND s."n" = a."study" AND i."n" = a."item" AND g."n" = a."grader"
    ORDER BY t."rowid"`).run(time);
}
