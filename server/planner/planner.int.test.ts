// The planner reads a study's verdicts as the report does: where each slice stands is the
// report's own numbers, on every engine under test; projections follow from them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { DEFAULT_BOOTSTRAP } from "../analytics/domain/bootstrap";
import { studyReport } from "../analytics/service";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { unitsForHalfWidth } from "./domain/wilson-sample-size";
import { preferenceTallies } from "../analytics/domain/side-by-side-report";
import { compareSlices } from "../analytics/domain/slices";
import { preferenceUnits, promptAttributes } from "../analytics/repo";
import type { PromptSums } from "./domain/between-grader-icc";
import { planRows } from "./domain/plan-rows";

describe.each(await testEngines())("planner on %s", (engine) => {
  let t: TestDatabase;
  let studyId: string;
  let single: string;
  let researcher: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    for (const [code, region] of [["en-US", "Americas"], ["ja-JP", "Asia-Pacific"]] as const) await makeLocale(t.db, code, code, region);
    const [cand, base] = [await makeModel(t.db, { name: "Cand" }), await makeModel(t.db, { name: "Base" })];
    const set = await makePromptSet(t.db);
    for (let p = 0; p < 60; p++) {
      await makePrompt(t.db, { promptSetId: set.id, localeCode: p % 2 ? "ja-JP" : "en-US", category: "Writing",
        responses: [{ modelId: cand.id, text: "c" }, { modelId: base.id, text: "b" }] });
    }
    const graders = [];
    for (let g = 0; g < 4; g++) graders.push({ id: (await makeUser(t.db, { role: "GRADER", locales: ["en-US", "ja-JP"] })).id, locales: ["en-US", "ja-JP"] });
    const r = await makeUser(t.db, { role: "RESEARCHER" });
    researcher = callerFor(t.db, asSessionUser(r));
    studyId = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [cand.id, base.id], promptSetId: set.id, dimensionKeys: ["overall"], redundancy: 3 }, { status: "RUNNING" })).id;
    single = (await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: [cand.id], promptSetId: set.id, dimensionKeys: ["overall"] }, { status: "RUNNING" })).id;
    await simulateJudgments(t.db, studyId, { rng: createRng(3), graders, completion: 0.8 });
  });
  afterAll(async () => t?.drop());

  it("starts from the report's numbers in every slice and projects from them", async () => {
    const plan = await researcher.planner.plan({ studyId, targetHalfWidth: 0.05 });
    const report = await studyReport(t.db, { id: studyId }, DEFAULT_BOOTSTRAP);
    const get = (rows: typeof report.rows, slice: string, metric: string) => rows.find((r) => r.slice === slice && r.metric === metric && r.dimension === "overall")!;
    for (const slice of ["all", "locale=en-US", "locale=ja-JP", "region=Asia-Pacific"]) {
      expect(get(plan.rows, slice, "n_prompts").value).toBe(get(report.rows, slice, "n_prompts").value);
      expect(get(plan.rows, slice, "decisive_rate_a")).toMatchObject({ value: get(report.rows, slice, "decisive_rate_a").value, ci_low: get(report.rows, slice, "decisive_rate_a").ci_low });
      expect(get(plan.rows, slice, "split_rate").value).toBe(get(report.rows, slice, "split_rate").value);
      const decisive = get(report.rows, slice, "decisive_rate_a");
      const share = decisive.n / get(report.rows, slice, "n_prompts").value!;
      const want = Math.max(get(report.rows, slice, "n_prompts").value!, Math.ceil(unitsForHalfWidth(decisive.value!, 0.05) / share - 1e-9));
      expect(get(plan.rows, slice, "prompts_for_half_width").value).toBe(want);
    }
    expect(plan.k).toBe(3);
    const projection = plan.projections.find((p) => p.dimension === "overall")!;
    expect(projection.points[0].judgments).toBe(get(report.rows, "all", "n_prompts").value! * 3);
    expect(projection.points.at(-1)!.halfWidth).toBeLessThanOrEqual(0.05);
  });

  it("plans from groups of prompts exactly as from every prompt's own judgments", async () => {
    // The service tallies prompts grouped by slices, histogram and position counts; here every prompt
    // is tallied on its own, with its own sums for the ICC.
    const targets = { targetHalfWidth: 0.05, difference: 0.05, power: 0.8 };
    const plan = await researcher.planner.plan({ studyId, ...targets });
    const units = await preferenceUnits(t.db, studyId);
    const prompts = await promptAttributes(t.db, studyId);
    const sums = new Map<string, PromptSums[]>();
    const tallies = preferenceTallies(units, prompts, "mean", undefined, (u, dimension, slice) => {
      (sums.get(slice) ?? sums.set(slice, []).get(slice)!).push({ n: u.n, sum: u.sum, sumSq: u.sumSq });
    });
    const bySlice = tallies.get("overall")!;
    const expected = [...bySlice.keys()].sort(compareSlices).flatMap((slice) => {
      const x = bySlice.get(slice)!;
      return planRows({ study: plan.study, modelA: "Cand", modelB: "Base", dimension: "overall", slice, k: 3 },
        { prompts: x.prompts, aWins: x.aWins, bWins: x.bWins, ties: x.ties, splits: x.splits, sums: sums.get(slice)! }, targets);
    });
    expect(plan.rows.map((r) => `${r.slice} ${r.metric}`)).toEqual(expected.map((r) => `${r.slice} ${r.metric}`));
    expect(plan.rows.some((r) => r.metric === "between_grader_icc" && r.value !== null)).toBe(true);
    plan.rows.forEach((r, i) => {
      const e = expected[i];
      // The ICC's sums are taken per group rather than per prompt: equal to 10 digits; the rest exactly.
      for (const field of ["value", "ci_low", "ci_high"] as const) {
        if (e[field] === null) expect(r[field], `${r.slice} ${r.metric}`).toBeNull();
        else expect(r[field], `${r.slice} ${r.metric}`).toBeCloseTo(e[field]!, 10);
      }
      expect({ ...r, value: 0, ci_low: 0, ci_high: 0 }).toEqual({ ...e, value: 0, ci_low: 0, ci_high: 0 });
    });
  });

  it("plans over what the dashboard's filter keeps, and refuses single-sided studies with the reason", async () => {
    const ja = await researcher.planner.plan({ studyId, filter: { locales: ["ja-JP"] } });
    const full = await researcher.planner.plan({ studyId });
    expect(ja.rows.find((r) => r.slice === "all" && r.metric === "n_prompts")!.value)
      .toBe(full.rows.find((r) => r.slice === "locale=ja-JP" && r.metric === "n_prompts")!.value);
    expect(ja.rows.some((r) => r.slice === "locale=en-US")).toBe(false);
    await expect(researcher.planner.plan({ studyId: single })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("single-sided") });
    await expect(researcher.planner.plan({ studyId, targetHalfWidth: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
