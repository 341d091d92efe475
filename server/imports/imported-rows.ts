// Where a judgment import's writing pass puts its assignments and judgments. The pass works in the
// rows' numbers (planned-rows.ts: a study, item, grader and dimension are small integers); a sink
// turns them into stored rows, by the fastest path its engine offers:
//   - SQLite (staged-rows-sqlite.ts): the numbers are staged in temporary tables and copied into
//     Assignment and Judgment by the engine, which looks the ids up itself;
//   - PostgreSQL (textRows below): each row's ids are looked up here and sent as text columns.
import type { BulkWriter } from "../db/bulk-insert";
import type { ImportedTallies } from "./domain/imported-tallies";
import * as repo from "./repo";

/** The stored ids the rows' numbers stand for. */
export interface ImportKeys {
  /** by the rows' study number */
  studyIds: string[];
  /** by the rows' study number, then the item's index in that study (StudyTargets.itemIds) */
  itemIds: string[][];
  /** by the rows' grader number */
  graderIds: string[];
  /** by the rows' dimension number */
  dimensionIds: string[];
  /** by the rows' study number: each item's group (StudyTargets.itemGroups), and the groups */
  itemGroups: number[][];
  groups: repo.UnitGroup[][];
}

/**
 * Per-study lists numbered across the studies, as the sinks and the import's tallies number items
 * (and groups): each study's first follows the previous study's last. The number of each first.
 */
export function firstNumbers(lists: readonly (readonly unknown[])[]): number[] {
  const firsts: number[] = [];
  lists.reduce((next, list, s) => ((firsts[s] = next), next + list.length), 0);
  return firsts;
}

/** Rows written in the order they are given; each call may write a batch, so await it. */
export interface ImportedRows {
  /**
   * Assignment number `n` (numbered from 0 in the order given): a new one, written with id `id`,
   * or one already `stored`, only referred to by the judgments that follow.
   */
  assignment(n: number, id: string, study: number, item: number, grader: number, stored: boolean): Promise<void> | undefined;
  /** A judgment of an assignment given before, on the rows' dimension `dimension`. */
  judgment(assignment: number, dimension: number, preference: number | null, score: number | null): Promise<void> | undefined;
  /**
   * Whether finish() writes the unit and task tallies the import counted (ImportedTallies) of the
   * studies it creates; otherwise they are recounted from the stored judgments.
   */
  readonly writesTallies: boolean;
  /** Writes what is held, and `tallies` (only when writesTallies), whose units are numbered item (across the studies) × dimensions + dimension. */
  finish(tallies: ImportedTallies | null): Promise<void>;
}

/** Rows sent as text through the bulk writer: each assignment's ids kept by its number, each judgment's looked up. */
export function textRows(bulk: BulkWriter, keys: ImportKeys, at: Date): ImportedRows {
  const assignments = repo.importedAssignments(bulk);
  const judgments = repo.importedJudgments(bulk, assignments.table);
  const ids: string[] = [];
  const studies: number[] = [];
  const items: number[] = [];
  const graders: number[] = [];
  return {
    assignment(n, id, study, item, grader, stored) {
      [ids[n], studies[n], items[n], graders[n]] = [id, study, item, grader];
      if (stored) return undefined;
      return assignments.add(id, keys.studyIds[study], keys.itemIds[study][item], keys.graderIds[grader], at);
    },
    judgment(a, dimension, preference, score) {
      const study = studies[a];
      return judgments.add(keys.studyIds[study], keys.itemIds[study][items[a]], ids[a], keys.graderIds[graders[a]], keys.dimensionIds[dimension], preference, score, at);
    },
    writesTallies: false,
    async finish(tallies) {
      if (tallies) throw new Error("these rows do not write tallies");
      await judgments.table.flush();
    },
  };
}
