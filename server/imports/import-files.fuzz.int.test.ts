// Property-based: random and malformed files are refused with a message naming the file (and the
// line, where there is one), and nothing is stored; the database is exactly as before.
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { ImportRejected } from "./domain/import-error";
import { importJudgments } from "./import-judgments";
import { NO_IMAGE_FILES } from "./image-source";
import { importMaterial } from "./import-material";
import { ImportFileError } from "./read-rows";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-import-fuzz-"));
const JUDGMENT_HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";
const MATERIAL_HEADER = "prompt_id,prompt,locale,category,modality,images,model,response";

// Lines that are almost right, and bytes that are not text at all.
const csvLine = fc.array(fc.oneof(fc.constantFrom("side_by_side", "en-US", "text", "Fuzz study", "A", "B", "3", "9", "overall", '"', '""', "\r", "image", "x.png", "data:image/png;base64,AAAA"), fc.string({ maxLength: 12 })), { maxLength: 14 })
  .map((cells) => cells.join(","));
const body = fc.oneof(
  fc.array(csvLine, { minLength: 1, maxLength: 8 }).map((lines) => lines.join("\n")),
  fc.array(fc.oneof(fc.json(), fc.string({ maxLength: 30 })), { minLength: 1, maxLength: 6 }).map((lines) => lines.join("\n")),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString("latin1")),
);

describe.each(await testEngines())("imports of random files on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  const counts = async () => Promise.all([t.db.study.count(), t.db.prompt.count(), t.db.judgment.count(), t.db.response.count(), t.db.user.count(), t.db.model.count()]);

  it("refuses them with the file's name and a line number, and stores nothing", async () => {
    const before = await counts();
    let n = 0;
    await fc.assert(fc.asyncProperty(fc.constantFrom("judgments", "material"), fc.constantFrom(".csv", ".jsonl"), fc.boolean(), body, async (kind, ext, withHeader, text) => {
      const file = path.join(dir, `fuzz-${n++}${ext}`);
      const header = ext === ".csv" && withHeader ? `${kind === "judgments" ? JUDGMENT_HEADER : MATERIAL_HEADER}\n` : "";
      writeFileSync(file, header + text);
      try {
        if (kind === "judgments") await importJudgments(t.db, file);
        else await importMaterial(t.db, file, { images: NO_IMAGE_FILES });
      } catch (e) {
        expect(e instanceof ImportRejected || e instanceof ImportFileError, String(e)).toBe(true);
        const message = (e as Error).message + (e instanceof ImportRejected ? JSON.stringify(e.problems ?? []) : "");
        expect(message).toContain(path.basename(file));
        return;
      }
      // Accepted (a random file can be valid): then undo nothing — but it must have been a real import.
      throw new Error(`random file was accepted: ${header + text}`);
    }), { numRuns: 120 });
    expect(await counts()).toEqual(before);
  });
});
