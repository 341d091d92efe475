// The grading hot path on SQLite, synchronous on better-sqlite3: reads on the connection as they
// are, writes inside sqliteImmediate (BEGIN IMMEDIATE: SQLite has one writer at a time, so holding
// the write lock is the grader and item lock PostgreSQL takes row by row). Rows are written as
// Prisma writes them: dates as ISO text with an offset, booleans as 0/1, enums as their names.
import { isDuplicateKey } from "../db/errors";
import type { SqliteTx } from "../db/sqlite-immediate";
import { sqliteDateTime } from "../db/sqlite-date-time";
import type { JudgmentValues } from "./domain/plan-submission";
import type { LeaseAttempts } from "./hot-path";
import * as sql from "./hot-path-sql";
import { judgmentParams, mergeEligible, shapeAssignmentForSubmit, shapeTaskView, type AssignmentForSubmit, type AttachmentRow, type EligibleRow,
  type StudyState, type StudyStateRow, type SubmissionMeta, type TaskViewRow } from "./hot-path-rows";
import { newId } from "./new-id";

const at = sqliteDateTime;

export function studyState(tx: SqliteTx, studyId: string): StudyState | null {
  const s = tx.get<StudyStateRow>(sql.STUDY_STATE, studyId);
  return s ? { ...s, locales: tx.all<{ localeCode: string }>(sql.STUDY_LOCALES, studyId) } : null;
}

export const liveLeaseOf = (tx: SqliteTx, studyId: string, graderId: string, now: Date) =>
  tx.get<{ id: string }>(sql.LIVE_LEASE_OF, studyId, graderId, at(now)) ?? null;

export function eligibleItems(tx: SqliteTx, studyId: string, graderId: string, locales: string[], redundancy: number, now: Date, take: number) {
  return mergeEligible(locales.flatMap((locale) => tx.all<EligibleRow>(sql.ELIGIBLE_IN_LOCALE, at(now), studyId, locale, redundancy, graderId, redundancy, take)), take);
}

export function taskView(tx: SqliteTx, assignmentId: string, graderId: string) {
  const a = tx.get<TaskViewRow>(sql.TASK_VIEW, assignmentId, graderId);
  if (!a) return null;
  return shapeTaskView(a, tx.all<AttachmentRow>(sql.TASK_ATTACHMENTS, assignmentId, graderId), new Date(String(a.expiresAt)));
}

/** Inside the write lock: the grader's live lease if any, else a new lease if the item has room; null if full or already theirs once. */
/** The first of `l.itemIds` with room leased to the grader, or their live lease; inside the write lock, so nothing changes between the checks and the insert. */
export function leaseFirstOpenItem(tx: SqliteTx, l: LeaseAttempts): string | null {
  const own = liveLeaseOf(tx, l.studyId, l.graderId, l.now);
  if (own) return own.id;
  for (const [n, itemId] of l.itemIds.entries()) {
    const item = tx.get<{ submittedCount: number; live: number }>(sql.ITEM_ROOM, at(l.now), itemId);
    if (!item || item.submittedCount + item.live >= l.redundancy) continue;
    const id = newId();
    try {
      tx.run(sql.INSERT_LEASE, id, l.studyId, itemId, l.graderId, l.candidateSides[n], at(l.now), at(l.expiresAt), 0);
    } catch (e) {
      if (isDuplicateKey(e)) continue; // the grader already has (or had) an assignment for this item
      throw e;
    }
    return id;
  }
  return null;
}

export function assignmentForSubmit(tx: SqliteTx, assignmentId: string, graderId: string, now: Date): AssignmentForSubmit | null {
  const r = tx.get<Record<string, unknown>>(sql.ASSIGNMENT_FOR_SUBMIT, at(now), at(now), assignmentId, graderId);
  return r ? shapeAssignmentForSubmit(r) : null;
}

export function storeSubmission(tx: SqliteTx, a: AssignmentForSubmit, graderId: string, rows: JudgmentValues[], m: SubmissionMeta) {
  const now = at(m.now);
  if (rows.length) tx.run(sql.insertJudgments(rows.length), ...judgmentParams(a, graderId, rows, m, at));
  tx.run(sql.MARK_SUBMITTED, now, m.surplus ? 1 : 0, a.id);
  if (!m.surplus) tx.run(sql.COUNT_ACCEPTED, a.itemId);
}
