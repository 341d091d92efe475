// The grading hot path on PostgreSQL, on node-postgres. Row locks keep leases and submissions of
// one item in order across app instances: a lease locks the grader's row, then one item's row (skipping
// an item another transaction holds); a submission its assignment and that item. Never two items
// at once, always the item last — so no two transactions wait on
// each other in a cycle. NO KEY UPDATE: the foreign-key checks of other graders' inserts (KEY
// SHARE on the same item or grader) need not wait for these locks.
import { isDuplicateKey } from "../db/errors";
import { pgTimestamp, type PgTx } from "../db/pg-native";
import type { JudgmentValues } from "./domain/plan-submission";
import * as sql from "./hot-path-sql";
import { judgmentParams, mergeEligible, shapeAssignmentForSubmit, shapeTaskView, type AssignmentForSubmit, type AttachmentRow, type EligibleRow,
  type StudyState, type StudyStateRow, type SubmissionMeta, type TaskViewRow } from "./hot-path-rows";
import { newId } from "./new-id";

const at = pgTimestamp;

export async function studyState(tx: PgTx, studyId: string): Promise<StudyState | null> {
  const [s, locales] = await Promise.all([tx.get<StudyStateRow>(sql.STUDY_STATE, studyId), tx.all<{ localeCode: string }>(sql.STUDY_LOCALES, studyId)]);
  return s ? { ...s, locales } : null;
}

export const liveLeaseOf = async (tx: PgTx, studyId: string, graderId: string, now: Date) =>
  (await tx.get<{ id: string }>(sql.LIVE_LEASE_OF, studyId, graderId, at(now))) ?? null;

export async function eligibleItems(tx: PgTx, studyId: string, graderId: string, locales: string[], redundancy: number, now: Date, take: number) {
  const perLocale = await Promise.all(locales.map((locale) => tx.all<EligibleRow>(sql.ELIGIBLE_IN_LOCALE, at(now), studyId, locale, redundancy, graderId, redundancy, take)));
  return mergeEligible(perLocale.flat(), take);
}

export async function taskView(tx: PgTx, assignmentId: string, graderId: string) {
  const [a, attachments] = await Promise.all([tx.get<TaskViewRow>(sql.TASK_VIEW, assignmentId, graderId), tx.all<AttachmentRow>(sql.TASK_ATTACHMENTS, assignmentId, graderId)]);
  return a ? shapeTaskView(a, attachments, a.expiresAt as Date) : null;
}

export async function leaseItem(tx: PgTx, l: { studyId: string; itemId: string; graderId: string; redundancy: number; now: Date; expiresAt: Date; candidateSide: "LEFT" | "RIGHT" | null }): Promise<string | null> {
  // The grader's row: two tabs of one grader cannot both take a lease.
  const grader = await tx.get<{ own: string | null }>(`${sql.GRADER_LIVE_LEASE} FOR NO KEY UPDATE OF u`, l.studyId, l.graderId, at(l.now), l.graderId);
  if (grader?.own) return grader.own;
  // Then the item's row, unless another transaction holds it: that one is leasing or submitting it; try the next.
  const item = await tx.get<{ submittedCount: number }>(`${sql.ITEM_SUBMITTED_COUNT} FOR NO KEY UPDATE OF i SKIP LOCKED`, l.itemId);
  if (!item || item.submittedCount >= l.redundancy) return null;
  // Live leases are counted by a second statement, after the lock is granted: the insert itself
  // (LEASE_IF_ROOM_PG). Read Committed takes each statement's snapshot when the statement starts:
  // counted in the locking statement, a lease that another instance committed between that snapshot
  // and the lock would be missed, and the item over-leased (lease-room.int.test.ts). Every lease
  // of this item is inserted under this lock, so the new snapshot sees all of them.
  const id = newId();
  try {
    const inserted = await tx.run(sql.LEASE_IF_ROOM_PG, id, l.studyId, l.itemId, l.graderId, l.candidateSide, at(l.now), at(l.expiresAt), 0,
      item.submittedCount, l.itemId, at(l.now), l.redundancy);
    if (inserted === 0) return null;
  } catch (e) {
    // The grader already has (or had) an assignment for this item. The transaction is aborted
    // now; the caller rolls it back and tries the next item.
    if (isDuplicateKey(e)) throw new AlreadyAssigned();
    throw e;
  }
  return id;
}

export class AlreadyAssigned extends Error {}

/**
 * Reads the assignment and locks it and its item, serialising with the item's leases and other
 * submissions. Both rows are locked so that a submission that waited re-reads both as the one
 * before it left them (PostgreSQL re-checks only the rows it locks): a double submit sees SUBMITTED.
 */
export async function assignmentForSubmit(tx: PgTx, assignmentId: string, graderId: string, now: Date): Promise<AssignmentForSubmit | null> {
  const r = await tx.get<Record<string, unknown>>(`${sql.ASSIGNMENT_FOR_SUBMIT} FOR NO KEY UPDATE OF a, i`, at(now), at(now), assignmentId, graderId);
  return r ? shapeAssignmentForSubmit(r) : null;
}

export async function storeSubmission(tx: PgTx, a: AssignmentForSubmit, graderId: string, rows: JudgmentValues[], m: SubmissionMeta) {
  const now = at(m.now);
  await tx.run(sql.storeSubmissionPg(rows.length, !m.surplus), ...(rows.length ? judgmentParams(a, graderId, rows, m, at) : []),
    now, m.surplus ? 1 : 0, a.id, ...(m.surplus ? [] : [a.itemId]));
}
