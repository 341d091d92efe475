// The report's reading of a study, on every engine under test: prompts that count alike tallied as
// one group (read from UnitTally), and per-prompt units with histograms summed as one packed
// integer (read again per point when a unit holds more equal judgments than a packed field). Both
// must leave every figure as it was when each prompt was read and tallied on its own.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { importJudgments } from "../imports/import-judgments";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { DEFAULT_BOOTSTRAP } from "./domain/bootstrap";
import type { ReportRow } from "./domain/report-row";
import { sideBySidePairRows } from "./domain/side-by-side-report";
import * as dashboards from "../dashboards/repo";
import * as repo from "./repo";
import { studyReport } from "./service";

const LOCALES = [["en-US", "Americas"], ["ja-JP", "Asia-Pacific"]] as const;
const key = (r: ReportRow) => `${r.model_a}|${r.model_b}|${r.dimension}|${r.slice}|${r.metric}`;
const HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";

describe.each(await testEngines())("the report's reading of a study on %s", (engine) => {
  let t: TestDatabase;
  let graded: string;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    for (const [code, region] of LOCALES) await makeLocale(t.db, code, code, region);
    const models = [await makeModel(t.db, { name: "Ada" }), await makeModel(t.db, { name: "Bo" }), await makeModel(t.db, { name: "Cy" })];
    const set = await makePromptSet(t.db);
    for (let p = 0; p < 60; p++) {
      await makePrompt(t.db, { promptSetId: set.id, localeCode: LOCALES[p % 2][0], category: ["Math", "Writing", "Code"][p % 3],
        responses: models.map((m) => ({ modelId: m.id, text: `${m.name} on ${p}` })) });
    }
    const graders = [];
    for (let g = 0; g < 5; g++) graders.push({ id: (await makeUser(t.db, { role: "GRADER", locales: LOCALES.map((l) => l[0]) })).id, locales: LOCALES.map((l) => l[0]) });
    // Three models, all pairs: graded in Verdict, so judgments carry the side each response was shown on.
    graded = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: models.map((m) => m.id), promptSetId: set.id, pairing: "all_pairs",
      dimensionKeys: ["overall", "truthfulness"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, graded, { rng: createRng(11), graders, completion: 0.95,
      strength: { [models[0].id]: 0.8, [models[1].id]: 0.2, [models[2].id]: -0.4 } });
  });
  afterAll(async () => t?.drop());

  it("reads a single-sided study's units in shares of its dimensions, every unit once, a dimension the study no longer lists included", async () => {
    const models = await t.db.model.findMany({ where: { name: { in: ["Ada", "Bo"] } } });
    const set = await t.db.promptSet.findFirstOrThrow();
    const scored = (await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: models.map((m) => m.id), promptSetId: set.id,
      dimensionKeys: ["overall", "truthfulness", "presentation"] }, { status: "RUNNING" })).id;
    const graders = (await t.db.user.findMany({ where: { role: "GRADER" } })).map((g) => ({ id: g.id, locales: LOCALES.map((l) => l[0]) }));
    await simulateJudgments(t.db, scored, { rng: createRng(12), graders, completion: 0.9 });
    const stored = async () => {
      const items = new Map((await t.db.item.findMany({ where: { studyId: scored } })).map((i) => [i.id, i.promptId]));
      const [modelNames, dimensionKeys] = [new Map(models.map((m) => [m.id, m.name])), new Map((await t.db.dimension.findMany()).map((d) => [d.id, d.key]))];
      return (await t.db.unitTally.findMany({ where: { studyId: scored } }))
        .map((u) => `${items.get(u.itemId)}|${modelNames.get(u.modelId)}|${dimensionKeys.get(u.dimensionId)}|${[u.h0, u.h1, u.h2, u.h3, u.h4]}`).sort();
    };
    const read = async () => (await repo.scoreUnitColumns(t.db, scored)).flatMap((c) => [...Array(c.length).keys()]
      .map((r) => `${c.promptOf[c.item[r]]}|${c.models[c.model[r]]}|${c.dimensions[c.dimension[r]]}|${c.histogram.map((h) => h[r])}`)).sort();
    const parts = await repo.scoreUnitColumns(t.db, scored);
    expect(parts).toHaveLength(2);
    expect(new Set(parts.flatMap((c) => c.dimensions)).size).toBe(3);
    const expected = await stored();
    expect(expected.length).toBeGreaterThan(100);
    expect(await read()).toEqual(expected);
    // A dimension dropped from the study's list keeps its units: the last share reads every dimension the others do not.
    const truthfulness = await t.db.dimension.findFirstOrThrow({ where: { key: "truthfulness" } });
    await t.db.studyDimension.delete({ where: { studyId_dimensionId: { studyId: scored, dimensionId: truthfulness.id } } });
    expect(await read()).toEqual(expected);
  });

  it("tallies groups of prompts exactly as it tallies each prompt on its own", async () => {
    const s = (await repo.findStudy(t.db, { id: graded }))!;
    const prompts = await repo.promptAttributes(t.db, graded);
    const opts = { bootstrap: DEFAULT_BOOTSTRAP, rule: "mean" as const };
    const { units: groups } = await repo.preferenceUnitGroups(t.db, graded);
    const single = await repo.preferenceUnits(t.db, graded);
    expect(groups.length).toBeLessThan(single.length);
    expect(groups.reduce((n, u) => n + (u.count ?? 1), 0)).toBe(single.length);
    const expected = sideBySidePairRows(s.name, single, prompts, opts);
    const actual = (await studyReport(t.db, { id: graded }, DEFAULT_BOOTSTRAP)).rows;
    expect(actual.map(key)).toEqual(expected.map(key));
    expect(actual.some((r) => r.metric === "position_bias" && r.ci_low !== null)).toBe(true);
    actual.forEach((a, i) => {
      const e = expected[i];
      // alpha's sums are taken in another order: equal to 12 digits; everything else exactly
      if (a.metric.startsWith("alpha") && e.value !== null) {
        expect(a.value, key(a)).toBeCloseTo(e.value, 12);
        expect(a.ci_low, key(a)).toBeCloseTo(e.ci_low!, 12);
        expect(a.ci_high, key(a)).toBeCloseTo(e.ci_high!, 12);
      } else expect(a, key(a)).toEqual(e);
    });
  });

  it("reads a unit per point when it holds more equal judgments than a packed field (127 preferences, 1,023 scores)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-packed-"));
    const lines = [HEADER];
    // Prompt c0: 130 graders all give +3 ("much better"); c1 … c11: three graders each.
    for (let g = 0; g < 130; g++) lines.push(`Crowded,side_by_side,c0,en-US,Math,text,crowd${g},overall,Ada,Bo,3,,`);
    for (let p = 1; p < 12; p++) for (let g = 0; g < 3; g++) lines.push(`Crowded,side_by_side,c${p},en-US,Math,text,crowd${g},overall,Ada,Bo,${((p + g) % 7) - 3},,`);
    // Prompt s0: 1,030 graders all score 5; s1 … s11: two graders each.
    for (let g = 0; g < 1030; g++) lines.push(`Crowded scores,single_sided,s0,en-US,Math,text,crowd${g},overall,,,,Ada,5`);
    for (let p = 1; p < 12; p++) for (let g = 0; g < 2; g++) lines.push(`Crowded scores,single_sided,s${p},en-US,Math,text,crowd${g},overall,,,,Ada,${1 + ((p + g) % 5)}`);
    const file = path.join(dir, "crowded.csv");
    writeFileSync(file, `${lines.join("\n")}\n`);
    await importJudgments(t.db, file);

    const sxs = (await repo.findStudy(t.db, { name: "Crowded" }))!;
    const units = await repo.preferenceUnits(t.db, sxs.id);
    const crowded = units.find((u) => u.n === 130)!;
    expect(Array.from(crowded.histogram)).toEqual([0, 0, 0, 0, 0, 0, 130]);
    expect(crowded).toMatchObject({ sum: 390, sumSq: 1170, positive: 130, negative: 0 });
    const report = (await studyReport(t.db, { id: sxs.id }, DEFAULT_BOOTSTRAP)).rows;
    const all = (metric: string) => report.find((r) => r.slice === "all" && r.metric === metric)!;
    expect(all("n_judgments").value).toBe(130 + 33);
    expect(all("n_prompts").value).toBe(12);

    const scores = (await repo.findStudy(t.db, { name: "Crowded scores" }))!;
    const parts = await repo.scoreUnitColumns(t.db, scores.id);
    expect(parts).toHaveLength(1); // one dimension: one part
    const columns = parts[0];
    const crowdedScores = [...Array(columns.length).keys()].filter((r) => columns.histogram[4][r] === 1030);
    expect(crowdedScores).toHaveLength(1);
    expect(columns.histogram.map((h) => h[crowdedScores[0]])).toEqual([0, 0, 0, 0, 1030]);
    expect(columns.models[columns.model[crowdedScores[0]]]).toBe("Ada");

    // The dashboard's headline groups prompts by histogram from UnitTally, a column per point.
    const headline = await dashboards.sideBySideHeadlineGroups(t.db, sxs.id, {});
    expect(headline.find((g) => g.histogram[6] === 130)).toMatchObject({ dimension: "overall", histogram: [0, 0, 0, 0, 0, 0, 130], prompts: 1 });
    expect(headline.reduce((n, g) => n + g.prompts, 0)).toBe(12);
    const scoreHeadline = await dashboards.singleSidedHeadlineGroups(t.db, scores.id, {});
    expect(scoreHeadline.find((g) => g.histogram[4] === 1030)).toMatchObject({ model: "Ada", histogram: [0, 0, 0, 0, 1030], prompts: 1 });
    expect(scoreHeadline.reduce((n, g) => n + g.prompts, 0)).toBe(12);
  });
});
