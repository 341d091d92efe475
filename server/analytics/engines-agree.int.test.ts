// The same judgments give the same figures on SQLite and on PostgreSQL, to the last bit: reports,
// every dashboard section and the leaderboard. The engines hand rows over in different orders
// (an index walk on one, a heap scan or a hash on the other), so any figure summed in the order the
// rows arrive would differ in its last digits between a laptop and production; that happened to
// the single-sided report's means until they were summed by value.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { importJudgments } from "../imports/import-judgments";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import * as dashboards from "../dashboards/service";
import { leaderboard } from "../leaderboard/service";
import { ZLeaderboardRequest } from "../leaderboard/schema";
import { DEFAULT_BOOTSTRAP } from "./domain/bootstrap";
import type { ReportRow } from "./domain/report-row";
import { findStudy } from "./repo";
import { studyReport } from "./service";

const HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";
const LOCALES = ["en-US", "ja-JP", "de-DE", "fr-FR"];
const CATEGORIES = ["Math", "Writing", "Coding"];
const SCORES = "Agreeing scores";
const PAIRS = "Agreeing pairs";

/** A study of each type with prompt means in thirds (three graders), which do not add up exactly in floating point. */
function judgmentsFile(): string {
  const rng = createRng(2026);
  const lines = [HEADER];
  for (let p = 0; p < 150; p++) {
    const [locale, category] = [LOCALES[p % LOCALES.length], CATEGORIES[p % CATEGORIES.length]];
    for (let g = 0; g < 3; g++) {
      for (const dimension of ["overall", "truthfulness"]) {
        for (const model of ["Ada", "Bo"]) lines.push(`${SCORES},single_sided,s${p},${locale},${category},text,grader${(p + g) % 7},${dimension},,,,${model},${rng.int(1, 5)}`);
        const [a, b] = rng.pick([["Ada", "Bo"], ["Bo", "Cy"], ["Cy", "Ada"]]);
        lines.push(`${PAIRS},side_by_side,x${p},${locale},${category},text,grader${(p + g) % 7},${dimension},${a},${b},${rng.int(-3, 3)},,`);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** A section's output without what names a database's own rows (ids, times of the import). */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !/At$/.test(k) && !["at", "id", "assignmentId", "graderId", "grader", "studyId"].includes(k))
      .map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

const engines = await testEngines();

describe.skipIf(engines.length < 2)("the same judgments on SQLite and on PostgreSQL", () => {
  const dbs: TestDatabase[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-engines-agree-"));
  beforeAll(async () => {
    const file = path.join(dir, "judgments.csv");
    writeFileSync(file, judgmentsFile());
    for (const engine of engines) {
      const t = await createTestDatabase(engine);
      dbs.push(t);
      await importJudgments(t.db, file);
    }
  });
  afterAll(async () => {
    for (const t of dbs) await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `compute` on every engine's database with its own id of `study`; all must agree with the first. */
  async function onEvery(study: string, compute: (t: TestDatabase, studyId: string) => Promise<unknown>) {
    const results = [];
    for (const t of dbs) results.push(comparable(await compute(t, (await findStudy(t.db, { name: study }))!.id)));
    for (const r of results.slice(1)) expect(r).toEqual(results[0]);
    return results[0];
  }

  it.each([SCORES, PAIRS])("gives the same report of %s", async (study) => {
    const rows = await onEvery(study, (t, id) => studyReport(t.db, { id }, DEFAULT_BOOTSTRAP, new Date(0)));
    expect((rows as { rows: unknown[] }).rows.length).toBeGreaterThan(50);
  });

  it.each([SCORES, PAIRS])("gives the same dashboard sections of %s", async (study) => {
    const filter = {};
    const headline = await onEvery(study, (t, id) => dashboards.headline(t.db, id, filter)) as ReportRow[];
    // The headline's figures are the report's, to the last bit, though read from other groups.
    const report = comparable((await studyReport(dbs[0].db, { name: study }, DEFAULT_BOOTSTRAP, new Date(0))).rows) as ReportRow[];
    const key = (r: ReportRow) => `${r.model_a}|${r.model_b}|${r.dimension}|${r.slice}|${r.metric}`;
    const reported = new Map(report.map((r) => [key(r), r]));
    expect(headline.length).toBeGreaterThan(4);
    for (const r of headline) expect(r, key(r)).toEqual(reported.get(key(r)));
    await onEvery(study, (t, id) => dashboards.filteredReport(t.db, id, { locales: ["ja-JP", "de-DE"] }));
    await onEvery(study, (t, id) => dashboards.overTime(t.db, id, filter));
    await onEvery(study, (t, id) => dashboards.weightedVerdicts(t.db, id, filter));
    await onEvery(study, (t, id) => dashboards.quality(t.db, id, filter));
    await onEvery(study, (t, id) => dashboards.dimensionProgress(t.db, id));
  });

  it("gives the same leaderboard", async () => {
    const request = ZLeaderboardRequest.parse({ studies: [PAIRS] });
    const board = await onEvery(PAIRS, (t) => leaderboard(t.db, request));
    expect((board as { models: string[] }).models).toEqual(["Ada", "Bo", "Cy"]);
  });
});
