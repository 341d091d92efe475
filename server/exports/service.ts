import { createHash } from "node:crypto";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { CsvLines } from "./csv-lines";
import { TRPCError } from "@trpc/server";
import { engineOf, type Db } from "../db/client";
import { toBoolean } from "../db/native-read";
import { EXPORT_COLUMNS, exportRecord, type ExportSource } from "./domain/export-columns";
import * as repo from "./repo";

// Rows per page. PostgreSQL joins a page by hashing the study's prompts and responses once per
// page, so it gets larger pages; SQLite looks rows up by index and prefers small ones.
const PAGE = { sqlite: 2_500, pg: 20_000 } as const;
/** Characters per written chunk: 64 KB at most even in two-byte text, below V8's large-object size. */
const CHUNK_CHARS = 32_000;

export const graderPseudonym = (studyId: string, graderId: string) =>
  `g-${createHash("sha256").update(`${studyId}:${graderId}`).digest("hex").slice(0, 12)}`;

const toNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const toDate = (v: unknown) => (v instanceof Date ? v : new Date(typeof v === "number" ? v : String(v)));

/** Streams a study's raw judgments as UTF-8 CSV with a header row; resolves with the row count. */
export async function exportJudgmentsCsv(db: Db, studyName: string, out: Writable): Promise<number> {
  return writeJudgments(db, await exportStudyId(db, studyName), out);
}

/**
 * The id of the study to export, or NOT_FOUND naming it. The command line asks before it opens
 * its --out file, so that a mistyped name leaves a file already there as it was.
 */
export async function exportStudyId(db: Db, studyName: string): Promise<string> {
  const studyId = await repo.findStudyId(db, studyName);
  if (!studyId) throw new TRPCError({ code: "NOT_FOUND", message: `No study named "${studyName}".` });
  return studyId;
}

/** The same export for the web, where the study is known by id. */
export const exportJudgmentsCsvById = {
  studyName: (db: Db, studyId: string) => repo.findStudyName(db, studyId),
  run: (db: Db, studyId: string, out: Writable) => writeJudgments(db, studyId, out),
};

async function writeJudgments(db: Db, studyId: string, out: Writable): Promise<number> {
  const csv = new CsvLines();
  await write(out, `${csv.line(EXPORT_COLUMNS)}\n`);
  let rows = 0;
  // A study has a few hundred graders and a million judgments: each grader's pseudonym is hashed once.
  const pseudonyms = new Map<string, string>();
  const pseudonymOf = (graderId: string) => pseudonyms.get(graderId) ?? pseudonyms.set(graderId, graderPseudonym(studyId, graderId)).get(graderId)!;
  const A = repo.AT;
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  // One source object and one row of cells, reused for every judgment rather than a million of each.
  const source = {} as ExportSource;
  const cells = new Array<string>(EXPORT_COLUMNS.length).fill("");
  const timeText = lastValueMemo((v: unknown) => toDate(v).toISOString());
  for await (const page of repo.judgmentPages(db, studyId, PAGE[engineOf(db)])) {
    // A page is written at once (a write per row through csv-stringify's stream cost more than the
    // CSV), in chunks of some 32,000 characters: a string of a whole page (over 128 KB) would be
    // allocated among V8's large objects, which only a full collection frees, and pages of them
    // piled up to some 25 MB before one came.
    const lines: string[] = [];
    const chunks: string[] = [];
    let chars = 0;
    for (let row = 0; row < page.length; row++) {
      // The driver's values, normalised field by field.
      source.study = String(page.at(A.study, row)); source.promptId = String(page.at(A.promptId, row)); source.promptText = String(page.at(A.promptText, row));
      source.locale = String(page.at(A.locale, row)); source.region = String(page.at(A.region, row)); source.category = String(page.at(A.category, row));
      source.modality = String(page.at(A.modality, row)); source.grader = pseudonymOf(String(page.at(A.graderId, row))); source.dimension = String(page.at(A.dimension, row));
      source.modelA = String(page.at(A.modelA, row)); source.modelB = str(page.at(A.modelB, row)); source.candidateSide = str(page.at(A.candidateSide, row));
      source.preference = toNum(page.at(A.preference, row)); source.score = toNum(page.at(A.score, row)); source.timeSpentMs = toNum(page.at(A.timeSpentMs, row));
      source.comment = str(page.at(A.comment, row)); source.cannotAssess = toBoolean(page.at(A.cannotAssess, row)); source.harmful = toBoolean(page.at(A.harmful, row));
      source.surplus = toBoolean(page.at(A.surplus, row)); source.superseded = toBoolean(page.at(A.superseded, row)); source.source = String(page.at(A.source, row));
      source.submittedAt = timeText(page.at(A.submittedAt, row)); source.control = String(page.at(A.control, row)); source.exclusionReason = str(page.at(A.exclusionReason, row));
      source.minTaskSeconds = toNum(page.at(A.minTaskSeconds, row)) ?? 0; source.conversation = str(page.at(A.conversation, row));
      const line = csv.line(exportRecord(source, cells));
      lines.push(line);
      chars += line.length + 1;
      if (chars >= CHUNK_CHARS) {
        chunks.push(`${lines.join("\n")}\n`);
        lines.length = 0;
        chars = 0;
      }
    }
    if (lines.length > 0) chunks.push(`${lines.join("\n")}\n`);
    // Back-pressure: a slow reader (a download over a slow link) holds the export at one page.
    await write(out, ...chunks);
    rows += page.length;
  }
  // Standard output is never "finished" (nor ended here); a file or HTTP body is, once everything is flushed.
  if (out === process.stdout) await new Promise<void>((resolve, reject) => out.write("", (e) => (e ? reject(e) : resolve())));
  else {
    out.end();
    await finished(out);
  }
  return rows;
}

/** f(v), computed again only when v differs from the last value (an import stamps its judgments alike). */
function lastValueMemo<T>(f: (v: unknown) => T): (v: unknown) => T {
  let last: unknown = Symbol("none");
  let result: T;
  return (v) => {
    if (v !== last) [last, result] = [v, f(v)];
    return result;
  };
}

/**
 * Writes chunks and, when the stream's buffer is full, waits until it drains. A download the
 * browser cancelled destroys its stream, which then never drains: the export stops there instead
 * of waiting for ever with its page in memory.
 */
async function write(out: Writable, ...chunks: string[]): Promise<void> {
  if (out.destroyed) throw new Error("the export's output was closed before the export ended");
  let room = true;
  for (const chunk of chunks) room = out.write(chunk);
  if (room) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      out.off("drain", onDrain).off("close", onClose).off("error", done);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error("the export's output was closed before the export ended"));
    out.on("drain", onDrain).on("close", onClose).on("error", done);
  });
}
