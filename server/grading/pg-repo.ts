// The grading hot path on PostgreSQL, on node-postgres. Row locks keep leases and submissions of
// one item in order across app instances: a lease locks the grader's row, then items' rows
// (skipping any another transaction holds, so it never waits for one); a submission its assignment
// and that one item. So no two transactions wait on each other in a cycle. NO KEY UPDATE: the
// foreign-key checks of other graders' inserts (KEY SHARE on the same item or grader) need not
// wait for these locks.
import { pgTimestamp, type PgStatement, type PgTx } from "../db/pg-native";
import type { JudgmentValues } from "./domain/plan-submission";
import type { LeaseAttempts } from "./hot-path";
import * as sql from "./hot-path-sql";
import { judgmentParams, mergeEligible, shapeTaskView, type AssignmentForSubmit, type AttachmentRow, type EligibleRow,
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

/** The first of `l.itemIds` with room leased to the grader, or their live lease, in one call (leaseFunctionPg). */
export async function leaseFirstOpenItem(tx: PgTx, l: LeaseAttempts): Promise<string | null> {
  const row = await tx.get<{ id: string | null }>(sql.LEASE_FIRST_OPEN_ITEM_PG, l.studyId, l.graderId, l.itemIds, l.candidateSides, newId(), l.redundancy, at(l.now), at(l.expiresAt));
  return row?.id ?? null;
}

/**
 * Reads the assignment and locks it and its item, serialising with the item's leases and other
 * submissions. Both rows are locked so that a submission that waited re-reads both as the one
 * before it left them (PostgreSQL re-checks only the rows it locks): a double submit sees SUBMITTED.
 */
export const assignmentForSubmit = (assignmentId: string, graderId: string, now: Date): PgStatement =>
  ({ sql: `${sql.ASSIGNMENT_FOR_SUBMIT} FOR NO KEY UPDATE OF a, i`, params: [at(now), at(now), assignmentId, graderId] });

/** A submission's writes as one statement (storeSubmissionPg). */
export function storeSubmission(a: AssignmentForSubmit, graderId: string, rows: JudgmentValues[], m: SubmissionMeta): PgStatement {
  const now = at(m.now);
  return { sql: sql.storeSubmissionPg(rows.length, !m.surplus),
    params: [...(rows.length ? judgmentParams(a, graderId, rows, m, at) : []), now, m.surplus ? 1 : 0, a.id, ...(m.surplus ? [] : [a.itemId])] };
}
