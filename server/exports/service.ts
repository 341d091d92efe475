import { createHash } from "node:crypto";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { csvStream } from "./csv";
import { TRPCError } from "@trpc/server";
import { engineOf, type Db } from "../db/client";
import { EXPORT_COLUMNS, exportRecord } from "./domain/export-columns";
import * as repo from "./repo";

// Rows per page. PostgreSQL joins a page by hashing the study's prompts and responses once per
// page, so it gets larger pages; SQLite looks rows up by index and prefers small ones.
const PAGE = { sqlite: 5_000, pg: 20_000 } as const;

export const graderPseudonym = (studyId: string, graderId: string) =>
  `g-${createHash("sha256").update(`${studyId}:${graderId}`).digest("hex").slice(0, 12)}`;

const bool = (v: unknown) => v === true || v === 1 || v === 1n || v === "1" || v === "true";
const toNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const toDate = (v: unknown) => (v instanceof Date ? v : new Date(typeof v === "number" ? v : String(v)));

/** Streams a study's raw judgments as UTF-8 CSV with a header row; resolves with the row count. */
export async function exportJudgmentsCsv(db: Db, studyName: string, out: Writable): Promise<number> {
  const studyId = await repo.findStudyId(db, studyName);
  if (!studyId) throw new TRPCError({ code: "NOT_FOUND", message: `No study named "${studyName}".` });
  return writeJudgments(db, studyId, out);
}

/** The same export for the web, where the study is known by id. */
export const exportJudgmentsCsvById = {
  studyName: (db: Db, studyId: string) => repo.findStudyName(db, studyId),
  run: (db: Db, studyId: string, out: Writable) => writeJudgments(db, studyId, out),
};

async function writeJudgments(db: Db, studyId: string, out: Writable): Promise<number> {
  const csv = csvStream([...EXPORT_COLUMNS]);
  csv.pipe(out);
  let rows = 0;
  // A study has a few hundred graders and a million judgments: each grader's pseudonym is hashed once.
  const pseudonyms = new Map<string, string>();
  const pseudonymOf = (graderId: string) => pseudonyms.get(graderId) ?? pseudonyms.set(graderId, graderPseudonym(studyId, graderId)).get(graderId)!;
  const A = repo.AT;
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  for await (const page of repo.judgmentPages(db, studyId, PAGE[engineOf(db)])) {
    for (let row = 0; row < page.length; row++) {
      // The driver's values, normalised field by field.
      const r = (field: number) => page.at(field, row);
      const ok = csv.write(exportRecord({
        study: String(r(A.study)), promptId: String(r(A.promptId)), promptText: String(r(A.promptText)), locale: String(r(A.locale)),
        region: String(r(A.region)), category: String(r(A.category)), modality: String(r(A.modality)), grader: pseudonymOf(String(r(A.graderId))),
        dimension: String(r(A.dimension)), modelA: String(r(A.modelA)), modelB: str(r(A.modelB)), candidateSide: str(r(A.candidateSide)),
        preference: toNum(r(A.preference)), score: toNum(r(A.score)), timeSpentMs: toNum(r(A.timeSpentMs)), comment: str(r(A.comment)),
        cannotAssess: bool(r(A.cannotAssess)), harmful: bool(r(A.harmful)), surplus: bool(r(A.surplus)), superseded: bool(r(A.superseded)),
        source: String(r(A.source)), submittedAt: toDate(r(A.submittedAt)), control: String(r(A.control)), exclusionReason: str(r(A.exclusionReason)),
        minTaskSeconds: toNum(r(A.minTaskSeconds)) ?? 0, conversation: str(r(A.conversation)),
      }));
      // Respect back-pressure so a slow reader does not make the export buffer everything.
      if (!ok) await new Promise((resolve) => csv.once("drain", resolve));
    }
    rows += page.length;
  }
  csv.end();
  // Standard output is never "finished"; a file or HTTP body is, once everything is flushed.
  await finished(out === process.stdout ? csv : out);
  return rows;
}
