// The grading hot path for the database at hand: one interface, two implementations on the
// engines' own drivers (SQLite synchronous inside one write lock; PostgreSQL with row locks).
// The service decides; these load and persist.
import { engineOf, type Db } from "../db/client";
import { pgRead, pgReadThenWrite } from "../db/pg-native";
import { sqliteImmediate, sqliteRead } from "../db/sqlite-immediate";
import type { JudgmentValues } from "./domain/plan-submission";
import { shapeAssignmentForSubmit, type AssignmentForSubmit, type StudyState, type SubmissionMeta, type TaskView } from "./hot-path-rows";
import * as pgRepo from "./pg-repo";
import * as sqliteRepo from "./sqlite-repo";

/** A lease of the first of `itemIds` (in that order) with room, each with its own side for the candidate. */
export interface LeaseAttempts {
  studyId: string;
  itemIds: string[];
  /** One per item: where the candidate's response is shown if that item is leased (null single-sided). */
  candidateSides: ("LEFT" | "RIGHT" | null)[];
  graderId: string;
  redundancy: number;
  now: Date;
  expiresAt: Date;
}

/** Stores (or not) a submission given the assignment as read under the item's lock; returns the caller's result. */
export type SubmitDecision<T> = (a: AssignmentForSubmit | null) => { store: { rows: JudgmentValues[]; meta: SubmissionMeta }; result: T } | { result: T };

export interface GradingHotPath {
  studyState(studyId: string): Promise<StudyState | null>;
  liveLeaseOf(studyId: string, graderId: string, now: Date): Promise<{ id: string } | null>;
  eligibleItems(studyId: string, graderId: string, locales: string[], redundancy: number, now: Date, take: number): Promise<{ id: string; submittedCount: number; liveLeases: number }[]>;
  taskView(assignmentId: string, graderId: string): Promise<TaskView | null>;
  /** The new lease's id, the grader's existing live lease, or null (every item full, or already assigned to them once). */
  lease(l: LeaseAttempts): Promise<string | null>;
  /** Reads the assignment under the item's lock, lets `decide` choose, and stores in the same transaction. */
  submit<T>(assignmentId: string, graderId: string, now: Date, decide: SubmitDecision<T>): Promise<T>;
}

function sqlitePath(db: Db): GradingHotPath {
  return {
    studyState: async (id) => sqliteRead(db, (tx) => sqliteRepo.studyState(tx, id)),
    liveLeaseOf: async (s, g, now) => sqliteRead(db, (tx) => sqliteRepo.liveLeaseOf(tx, s, g, now)),
    eligibleItems: async (...a) => sqliteRead(db, (tx) => sqliteRepo.eligibleItems(tx, ...a)),
    taskView: async (id, g) => sqliteRead(db, (tx) => sqliteRepo.taskView(tx, id, g)),
    lease: (l) => sqliteImmediate(db, (tx) => sqliteRepo.leaseFirstOpenItem(tx, l)),
    // The write lock is the item's lock here: BEGIN IMMEDIATE admits one writer at a time.
    submit: (id, g, now, decide) => sqliteImmediate(db, (tx) => {
      const a = sqliteRepo.assignmentForSubmit(tx, id, g, now);
      const d = decide(a);
      if ("store" in d) sqliteRepo.storeSubmission(tx, a!, g, d.store.rows, d.store.meta);
      return d.result;
    }),
  };
}

function pgPath(db: Db): GradingHotPath {
  const read = pgRead(db);
  return {
    studyState: (id) => pgRepo.studyState(read, id),
    liveLeaseOf: (s, g, now) => pgRepo.liveLeaseOf(read, s, g, now),
    eligibleItems: (...a) => pgRepo.eligibleItems(read, ...a),
    taskView: (id, g) => pgRepo.taskView(read, id, g),
    // One statement, its own transaction: no round trip while it holds a row lock.
    lease: (l) => pgRepo.leaseFirstOpenItem(read, l),
    // Two round trips: BEGIN with the locking read, the writes with COMMIT.
    submit: (id, g, now, decide) => pgReadThenWrite(db, pgRepo.assignmentForSubmit(id, g, now), (row: Record<string, unknown> | undefined) => {
      const a = row ? shapeAssignmentForSubmit(row) : null;
      const d = decide(a);
      return { write: "store" in d ? pgRepo.storeSubmission(a!, g, d.store.rows, d.store.meta) : null, result: d.result };
    }),
  };
}

export const hotPathFor = (db: Db): GradingHotPath => (engineOf(db) === "sqlite" ? sqlitePath(db) : pgPath(db));
