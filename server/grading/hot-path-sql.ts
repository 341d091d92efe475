// The grading hot path's SQL, written once for both engines (`?` placeholders; PostgreSQL gets
// $1, $2, … and row locks on top). Run on the engines' own drivers by sqlite-repo.ts and
// pg-repo.ts: through Prisma, a task cost ~25 statements of client-side query compilation.
// Booleans are bound as 0/1 (PostgreSQL reads '1' as true for a boolean column).

import { fillPlaceholders } from "../db/placeholders";

export const STUDY_STATE = `SELECT "id", "name", "graderTitle", "type", "status", "redundancy", "leaseMinutes", "guidelines",
  "goldRate", "requireQualification", "qualificationPassRate", "requireFullListen" FROM "Study" WHERE "id" = ?`;
export const STUDY_LOCALES = `SELECT "localeCode" FROM "StudyLocale" WHERE "studyId" = ?`;

export const LIVE_LEASE_OF = `SELECT "id" FROM "Assignment" WHERE "studyId" = ? AND "graderId" = ? AND "status" = 'LEASED' AND "expiresAt" > ? LIMIT 1`;

/**
 * Open items of one locale for a grader, closest to k first: walks the (study, locale,
 * submittedCount) index backwards and stops after LIMIT items with room (accepted + live leases
 * < k). Params: now, study, locale, k, grader, k, limit.
 */
export const ELIGIBLE_IN_LOCALE = `
  SELECT e."id", e."submittedCount", e."live" FROM (
    SELECT i."id" AS "id", i."submittedCount" AS "submittedCount",
      (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = i."id" AND a."status" = 'LEASED' AND a."expiresAt" > ?) AS "live"
    FROM "Item" i
    WHERE i."studyId" = ? AND i."localeCode" = ? AND i."submittedCount" < ? AND i."control" = 'NONE'
      AND NOT EXISTS (SELECT 1 FROM "Assignment" g WHERE g."itemId" = i."id" AND g."graderId" = ?)
  ) e
  WHERE e."submittedCount" + e."live" < ?
  ORDER BY e."submittedCount" DESC
  LIMIT ?`;

/** The grader's live lease in the study, read from the grader's row (which PostgreSQL locks). Params: study, grader, now, grader. */
export const GRADER_LIVE_LEASE = `SELECT (SELECT a."id" FROM "Assignment" a WHERE a."studyId" = ? AND a."graderId" = ? AND a."status" = 'LEASED' AND a."expiresAt" > ? LIMIT 1) AS "own"
  FROM "User" u WHERE u."id" = ?`;
/** An item's accepted count and live leases in one statement: SQLite, inside its write lock. Params: now, item. */
export const ITEM_ROOM = `SELECT i."submittedCount", (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = i."id" AND a."status" = 'LEASED' AND a."expiresAt" > ?) AS "live"
  FROM "Item" i WHERE i."id" = ?`;
/** The item's accepted count, alone: PostgreSQL locks this row before counting live leases. Params: item. */
export const ITEM_SUBMITTED_COUNT = `SELECT i."submittedCount" FROM "Item" i WHERE i."id" = ?`;
/**
 * PostgreSQL: a lease inserted only if the item still has room, its live leases counted inside the
 * INSERT itself. Read Committed takes a statement's snapshot when the statement starts, and this
 * one starts after the item's lock was granted, so it sees every lease committed before then
 * (lease-room.int.test.ts). Casts because a SELECT list does not take its types from the columns
 * it fills, as VALUES does. Params: id, study, item, grader, candidate side, now, expires, surplus
 * (0/1), the item's accepted count, item, now, k.
 */
export const LEASE_IF_ROOM_PG = `INSERT INTO "Assignment" ("id", "studyId", "itemId", "graderId", "status", "candidateSide", "leasedAt", "expiresAt", "surplus")
  SELECT ?::text, ?::text, ?::text, ?::text, 'LEASED'::"AssignmentStatus", ?::"Side", ?::timestamp(3), ?::timestamp(3), ?::int::boolean
  WHERE ?::bigint + (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = ? AND a."status" = 'LEASED' AND a."expiresAt" > ?::timestamp(3)) < ?::bigint`;

/** `?` placeholders → the given PL/pgSQL names, in order. */
const named = (sql: string, names: string[]): string => fillPlaceholders(sql, (n) => names[n], names.length);

/**
 * PostgreSQL: a lease as one function call, one round trip and one short transaction, trying the
 * candidate items in the order given until one has room. Under load each round trip of an open
 * transaction waited for the app's busy event loop while it held the grader's and the item's row
 * locks: submissions of that item queued behind a lease that sat "idle in transaction" (#16,
 * docs/performance.md), and an item found full cost four round trips before the next was tried.
 *
 * The same statements as before, in the same order: the grader's row first (two tabs of one
 * grader cannot both take a lease; their live lease is returned instead); then each item's row,
 * skipped if another transaction holds it; the lease inserted by a statement that starts after the
 * item's lock, so that its count of live leases sees every lease committed before (in Read
 * Committed each statement of a VOLATILE function takes a fresh snapshot). Items tried and found
 * full stay locked until the call returns, microseconds later; a lease never waits for an item's
 * lock (SKIP LOCKED) and holds no item while it waits for the grader's, so it is in no cycle of
 * waits. An item the grader had before (its unique key) is passed over like a full one.
 * Written into migration 0023_lease_in_one_call; hot-path-sql.test.ts checks the two agree.
 */
export function leaseFunctionPg(): string {
  const item = "p_items[n]";
  return `CREATE FUNCTION "lease_first_open_item"(p_study text, p_grader text, p_items text[], p_sides text[], p_id text, p_k bigint, p_now timestamp(3), p_expires timestamp(3))
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_own text;
  v_taken bigint;
  v_inserted bigint;
BEGIN
  ${named(GRADER_LIVE_LEASE, ["p_study", "p_grader", "p_now", "p_grader"]).replace(` AS "own"\n  FROM`, ` AS "own" INTO v_own\n  FROM`)} FOR NO KEY UPDATE OF u;
  IF v_own IS NOT NULL THEN RETURN v_own; END IF;
  FOR n IN 1 .. COALESCE(array_length(p_items, 1), 0) LOOP
    ${named(ITEM_SUBMITTED_COUNT, [item]).replace(` FROM`, ` INTO v_taken FROM`)} FOR NO KEY UPDATE OF i SKIP LOCKED;
    CONTINUE WHEN NOT FOUND OR v_taken >= p_k;
    ${named(LEASE_IF_ROOM_PG, ["p_id", "p_study", item, "p_grader", "p_sides[n]", "p_now", "p_expires", "0", "v_taken", item, "p_now", "p_k"])}
    ON CONFLICT ("itemId", "graderId") DO NOTHING;
    GET DIAGNOSTICS v_inserted = ROW_COUNT;
    IF v_inserted > 0 THEN RETURN p_id; END IF;
  END LOOP;
  RETURN NULL;
END
$$;`;
}
/** The call: the new lease's id, the grader's live lease, or null. Params: study, grader, items, candidate sides (one per item), id, k, now, expires. */
export const LEASE_FIRST_OPEN_ITEM_PG = `SELECT "lease_first_open_item"(?::text, ?::text, ?::text[], ?::text[], ?::text, ?::bigint, ?::timestamp(3), ?::timestamp(3)) AS "id"`;
export const INSERT_LEASE = `INSERT INTO "Assignment" ("id", "studyId", "itemId", "graderId", "status", "candidateSide", "leasedAt", "expiresAt", "surplus")
  VALUES (?, ?, ?, ?, 'LEASED', ?, ?, ?, ?)`;

/**
 * The assignment a submission is for, with its item's control kind and the researcher's exclusion
 * (if any) that covers a judgment submitted now by this grader. Params: now, now, assignment, grader.
 */
export const ASSIGNMENT_FOR_SUBMIT = `
  SELECT a."id", a."studyId", a."itemId", a."status", a."surplus", a."candidateSide", p."modality", i."submittedCount", i."control",
    i."localeCode" AS "locale", s."status" AS "studyStatus",
    (SELECT x."id" FROM "Exclusion" x WHERE x."studyId" = a."studyId" AND x."graderId" = a."graderId" AND x."revokedAt" IS NULL
      AND (x."fromAt" IS NULL OR x."fromAt" <= ?) AND (x."untilAt" IS NULL OR x."untilAt" > ?) ORDER BY x."createdAt" LIMIT 1) AS "exclusionId"
  FROM "Assignment" a JOIN "Item" i ON i."id" = a."itemId" JOIN "Prompt" p ON p."id" = i."promptId" JOIN "Study" s ON s."id" = a."studyId"
  WHERE a."id" = ? AND a."graderId" = ?`;
/** One statement for all of a submission's dimensions: 17 params per row (studyId … submittedAt, source fixed); the database numbers them. */
export const insertJudgments = (rows: number) => `INSERT INTO "Judgment" ("studyId", "itemId", "assignmentId", "graderId", "dimensionId", "revision", "superseded",
    "preference", "score", "candidateSide", "timeSpentMs", "comment", "cannotAssess", "harmful", "surplus", "control", "excludedById", "source", "submittedAt")
  VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'APP', ?)").join(", ")}`;
export const MARK_SUBMITTED = `UPDATE "Assignment" SET "status" = 'SUBMITTED', "submittedAt" = ?, "surplus" = ? WHERE "id" = ?`;
export const COUNT_ACCEPTED = `UPDATE "Item" SET "submittedCount" = "submittedCount" + 1 WHERE "id" = ?`;
/**
 * PostgreSQL: a submission's writes as one statement (its judgments, the assignment marked, the
 * item's accepted count), one round trip instead of three. The judgments' triggers fire at the
 * end of the statement and read neither the assignment nor the count. Params: insertJudgments'
 * (if rows > 0), then MARK_SUBMITTED's, then COUNT_ACCEPTED's (if counted).
 */
export function storeSubmissionPg(rows: number, counted: boolean): string {
  const parts = [...(rows > 0 ? [`judged AS (${insertJudgments(rows)})`] : []), ...(counted ? [`marked AS (${MARK_SUBMITTED})`] : [])];
  return `${parts.length ? `WITH ${parts.join(", ")} ` : ""}${counted ? COUNT_ACCEPTED : MARK_SUBMITTED}`;
}

export const TASK_VIEW = `
  SELECT a."id", a."status", a."candidateSide", a."expiresAt", a."studyId",
    p."id" AS "promptId", p."text" AS "promptText", p."conversation" AS "promptConversation", p."localeCode" AS "locale", p."category", p."modality",
    r1."id" AS "responseId", r1."text" AS "responseText", r2."id" AS "baselineId", r2."text" AS "baselineText"
  FROM "Assignment" a
  JOIN "Item" i ON i."id" = a."itemId"
  JOIN "Prompt" p ON p."id" = i."promptId"
  JOIN "Response" r1 ON r1."id" = i."responseId"
  LEFT JOIN "Response" r2 ON r2."id" = i."baselineResponseId"
  WHERE a."id" = ? AND a."graderId" = ?`;
/**
 * The attachments of an assignment's prompt and responses, found from the assignment itself so
 * that PostgreSQL reads them alongside TASK_VIEW rather than after it. Params: assignment, grader.
 */
export const TASK_ATTACHMENTS = `SELECT x."id", x."fileName", x."mimeType", x."durationMs", x."promptId", x."responseId", x."turn"
  FROM "Assignment" a JOIN "Item" i ON i."id" = a."itemId"
  JOIN "Attachment" x ON x."promptId" = i."promptId" OR x."responseId" = i."responseId" OR x."responseId" = i."baselineResponseId"
  WHERE a."id" = ? AND a."graderId" = ?
  ORDER BY x."position" ASC, x."id" ASC`;
