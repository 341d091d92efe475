// verdict import material | import judgments
import path from "node:path";
import { assertKnownFlags, stringFlag, UsageError, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";
import { secondsSince } from "../output";
import { fullCollection } from "../full-collection";
import { progressBar } from "../progress";
import { PhaseTimes } from "../domain/phase-times";
import type { ImportProgress } from "../../imports/import-judgments";

export async function importFile(kind: "material" | "judgments", args: ParsedArgs, file: string | undefined) {
  assertKnownFlags(args, kind === "material" ? ["prompt-set"] : []);
  if (!file) throw new UsageError(`import ${kind} needs a FILE`);
  await ensureDatabase({ quiet: true, builtInDimensions: kind === "judgments" });
  // The command's own code loads after the schema check: Prisma and the engines only now.
  const [{ db }, { importJudgments }, { folderImages }, { importMaterial }] = await Promise.all([
    import("../../db"), import("../../imports/import-judgments"), import("../../imports/image-source"), import("../../imports/import-material")]);
  const bar = progressBar(`import ${kind}`);
  const phases = new PhaseTimes();
  const onProgress = (p: ImportProgress) => {
    phases.mark(p.phase, Date.now());
    bar(p.done, p.total, p.phase);
  };
  const started = Date.now();
  if (kind === "material") {
    // The CLI's user has the shell: image paths are read from the material file's folder.
    const r = await importMaterial(db(), file, { promptSet: stringFlag(args, "prompt-set"), onProgress, images: folderImages(path.dirname(path.resolve(file))) });
    console.log(`Imported ${r.rows} rows into prompt set "${r.promptSet}": ${r.prompts} prompts, models ${r.models.join(", ")} (${secondsSince(started)} s).`);
  } else {
    // The command has its process to itself: a full collection between the import's phases keeps one phase's garbage out of the next one's peak.
    const r = await importJudgments(db(), file, { onProgress, collectGarbage: fullCollection() });
    console.log(`Imported ${r.rows} rows into ${r.studies.map((s) => `"${s}"`).join(", ")}: ${r.judgmentsAdded} judgments added, ${r.judgmentsAlreadyPresent} already present (${secondsSince(started)} s: ${phases.summary(Date.now())}).`);
  }
}
