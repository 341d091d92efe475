// The grading hot path for the database at hand: one interface, two implementations on the
// engines' own drivers (SQLite synchronous inside one write lock; PostgreSQL with row locks).
// The service decides; these load and persist.
import { engineOf, type Db } from "../db/client";
import { pgRead, pgTransaction } from "../db/pg-native";
import { sqliteImmediate, sqliteRead } from "../db/sqlite-immediate";
import type { JudgmentValues } from "./domain/plan-submission";
import type { AssignmentForSubmit, StudyState, SubmissionMeta, TaskView } from "./hot-path-rows";
import * as pgRepo from "./pg-repo";
import * as sqliteRepo from "./sqlite-repo";

export interface LeaseRequest {
  studyId: string;
  itemId: string;
  graderId: string;
  redundancy: number;
  now: Date;
  expiresAt: Date;
  candidateSide: "LEFT" | "RIGHT" | null;
}

/** Stores (or not) a submission given the assignment as read under the item's lock; returns the caller's result. */
export type SubmitDecision<T> = (a: AssignmentForSubmit | null) => { store: { rows: JudgmentValues[]; meta: SubmissionMeta }; result: T } | { result: T };

export interface GradingHotPath {
  studyState(studyId: string): Promise<StudyState | null>;
  liveLeaseOf(studyId: string, graderId: string, now: Date): Promise<{ id: string } | null>;
  eligibleItems(studyId: string, graderId: string, locales: string[], redundancy: number, now: Date, take: number): Promise<{ id: string; submittedCount: number; liveLeases: number }[]>;
  taskView(assignmentId: string, graderId: string): Promise<TaskView | null>;
  /** The new lease's id, the grader's existing live lease, or null (item full, or already assigned to them once). */
  lease(l: LeaseRequest): Promise<string | null>;
  /** Reads the assignment under the item's lock, lets `decide` choose, and stores in the same transaction. */
  submit<T>(assignmentId: string, graderId: string, now: Date, decide: SubmitDecision<T>): Promise<T>;
}

function sqlitePath(db: Db): GradingHotPath {
  return {
    studyState: async (id) => sqliteRead(db, (tx) => sqliteRepo.studyState(tx, id)),
    liveLeaseOf: async (s, g, now) => sqliteRead(db, (tx) => sqliteRepo.liveLeaseOf(tx, s, g, now)),
    eligibleItems: async (...a) => sqliteRead(db, (tx) => sqliteRepo.eligibleItems(tx, ...a)),
    taskView: async (id, g) => sqliteRead(db, (tx) => sqliteRepo.taskView(tx, id, g)),
    lease: (l) => sqliteImmediate(db, (tx) => sqliteRepo.leaseItem(tx, l)),
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
    lease: async (l) => {
      try {
        return await pgTransaction(db, (tx) => pgRepo.leaseItem(tx, l));
      } catch (e) {
        if (e instanceof pgRepo.AlreadyAssigned) return null;
        throw e;
      }
    },
    submit: (id, g, now, decide) => pgTransaction(db, async (tx) => {
      const a = await pgRepo.assignmentForSubmit(tx, id, g, now);
      const d = decide(a);
      if ("store" in d) await pgRepo.storeSubmission(tx, a!, g, d.store.rows, d.store.meta);
      return d.result;
    }),
  };
}

export const hotPathFor = (db: Db): GradingHotPath => (engineOf(db) === "sqlite" ? sqlitePath(db) : pgPath(db));
