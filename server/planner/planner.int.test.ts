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
