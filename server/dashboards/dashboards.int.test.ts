// The dashboards show the report's numbers: checked against studyReport on the same data, with
// and without filters, on every engine under test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale, makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { DEFAULT_BOOTSTRAP } from "../analytics/domain/bootstrap";
import type { ReportRow } from "../analytics/domain/report-row";
import type { ReportFilter } from "../analytics/domain/report-filter";
import { studyReport } from "../analytics/service";
import { promptAttributes, studyKeys } from "../analytics/repo";
import { sideBySideRows, unitOfHistogram } from "../analytics/domain/side-by-side-report";
import { ScoreSeries } from "../analytics/domain/single-sided-report";
import { preferenceGroupsOverTime, scoresOverTime } from "./domain/over-time";
import { allOnly } from "../analytics/domain/slices";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import * as service from "./service";
import * as repo from "./repo";
import { nativeRows } from "../db/native-read";

const LOCALES = [["en-US", "Americas"], ["ja-JP", "Asia-Pacific"], ["de-DE", "Europe"]] as const;
const key = (r: ReportRow) => `${r.model_a}|${r.model_b}|${r.dimension}|${r.slice}|${r.metric}`;
const pick = (rows: ReportRow[], slice: string) => rows.filter((r) => r.slice === slice);
/** Metrics that pair prompts across models or adjust over every slice: the full report has them, a headline does not. */
const REPORT_ONLY = new Set(["relative_improvement_mean", "mean_difference", "relative_improvement_top_box", "sign_test_p_holm"]);
const headlineOf = (rows: ReportRow[]) => rows.filter((r) => !REPORT_ONLY.has(r.metric));
/** Bootstrap intervals draw from a seed derived from the slice's name: a filtered view ("all") draws afresh. */
const BOOTSTRAPPED = new Set(["mean_score", "top_box_rate", "position_bias", "alpha", "alpha_ordinal"]);
const noCi = (rows: ReportRow[]) => rows.map((r) => (BOOTSTRAPPED.has(r.metric) ? { ...r, ci_low: null, ci_high: null } : r));

/** Same rows; alpha and mean scores (floating-point sums taken in another order) to 12 digits, the rest exactly. */
function expectSameRows(actual: ReportRow[], expected: ReportRow[]) {
  expect(actual.map(key).sort()).toEqual(expected.map(key).sort());
  const byKey = new Map(expected.map((r) => [key(r), r]));
  for (const a of actual) {
    const e = byKey.get(key(a))!;
    if ((a.metric === "alpha" || a.metric === "mean_score") && e.value !== null) {
      expect(a.value, key(a)).toBeCloseTo(e.value, 12);
      expect({ ...a, value: 0 }, key(a)).toEqual({ ...e, value: 0 });
    } else expect(a, key(a)).toEqual(e);
  }
}

describe.each(await testEngines())("dashboards on %s", (engine) => {
  let t: TestDatabase;
  let sxs: string;
  let single: string;
  let graderIds: string[];

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    for (const [code, region] of LOCALES) await makeLocale(t.db, code, code, region);
    const [cand, base] = [await makeModel(t.db, { name: "Cand" }), await makeModel(t.db, { name: "Base" })];
    const set = await makePromptSet(t.db);
    for (let p = 0; p < 90; p++) {
      await makePrompt(t.db, { promptSetId: set.id, localeCode: LOCALES[p % 3][0], category: p % 2 ? "Math" : "Writing",
        responses: [{ modelId: cand.id, text: "c" }, { modelId: base.id, text: "b" }] });
    }
    const graders = [];
    for (let g = 0; g < 6; g++) graders.push({ id: (await makeUser(t.db, { role: "GRADER", locales: LOCALES.map((l) => l[0]) })).id, locales: LOCALES.map((l) => l[0]) });
    graderIds = graders.map((g) => g.id);
    sxs = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [cand.id, base.id], promptSetId: set.id, dimensionKeys: ["overall", "truthfulness"] }, { status: "RUNNING" })).id;
    single = (await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: [cand.id, base.id], promptSetId: set.id, dimensionKeys: ["overall"] }, { status: "RUNNING" })).id;
    // Simulated times are whole seconds before `now`: a `now` with milliseconds gives every judgment
    // some, which the submission-time test needs (a default `now` on a whole second, one run in a
    // thousand, left it comparing times without any).
    const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 437);
    await simulateJudgments(t.db, sxs, { rng: createRng(5), graders, completion: 0.9, now });
    await simulateJudgments(t.db, single, { rng: createRng(6), graders, completion: 0.9, quality: { [cand.id]: 3.8, [base.id]: 3.2 }, now });
    // One flagged task with a comment, on the side-by-side study.
    const flagged = await t.db.judgment.findFirstOrThrow({ where: { studyId: sxs }, select: { assignmentId: true } });
    await t.db.judgment.updateMany({ where: { assignmentId: flagged.assignmentId }, data: { cannotAssess: true, comment: "Response 2 is cut off" } });
  });
  afterAll(async () => t?.drop());

  it("the unfiltered dashboard report is the study report, row for row", async () => {
    // Agreement and position bias only for the whole view (what the quality section draws); every other row as the report has it.
    const overallOnly = (r: ReportRow) => (r.metric.startsWith("alpha") || r.metric === "position_bias") && r.slice !== "all";
    for (const id of [sxs, single]) {
      const report = await studyReport(t.db, { id }, DEFAULT_BOOTSTRAP);
      const dashboard = await service.filteredReport(t.db, id, {});
      expect(report.rows.some(overallOnly)).toBe(true);
      expect(dashboard.filter((r) => r.metric.startsWith("alpha")).length).toBeGreaterThan(0);
      expectSameRows(dashboard, report.rows.filter((r) => !overallOnly(r)));
    }
  });

  it("the side-by-side headline, tallied in SQL, equals the report's slice 'all'", async () => {
    const report = await studyReport(t.db, { id: sxs }, DEFAULT_BOOTSTRAP);
    expectSameRows(await service.headline(t.db, sxs, {}), headlineOf(pick(report.rows, "all")));
  });

  it("the single-sided headline, from the distribution of prompt means, equals the report's per-model rows, bootstrap intervals included", async () => {
    const report = await studyReport(t.db, { id: single }, DEFAULT_BOOTSTRAP);
    // Paired comparisons across models come with the full report, not the headline.
    expectSameRows(await service.headline(t.db, single, {}), headlineOf(pick(report.rows, "all")));
    // Filtered to one locale, the same numbers as the report's slice for it; bootstrap intervals are
    // drawn afresh (each statistic's seed derives from its slice's name, and a filtered view is "all").
    const ja = await service.headline(t.db, single, { locales: ["ja-JP"] });
    expectSameRows(noCi(ja), noCi(headlineOf(pick(report.rows, "locale=ja-JP")).map((r) => ({ ...r, slice: "all" }))));
    expect(await service.filteredReport(t.db, single, { locales: ["ja-JP"] }).then((rows) => rows.filter((r) => r.slice === "all" && r.metric === "mean_score")))
      .toEqual(ja.filter((r) => r.metric === "mean_score").map((r) => ({ ...r, value: expect.closeTo(r.value!, 12) })));
  });

  it("filtering to one locale gives the report's numbers for that locale", async () => {
    const report = await studyReport(t.db, { id: sxs }, DEFAULT_BOOTSTRAP);
    const asAll = (rows: ReportRow[]) => rows.map((r) => ({ ...r, slice: "all" }));
    const headline = await service.headline(t.db, sxs, { locales: ["ja-JP"] });
    expectSameRows(noCi(headline), noCi(asAll(headlineOf(pick(report.rows, "locale=ja-JP")))));
    // The filtered report Holm-adjusts over its own slices (the locale's), so that row differs too.
    const filtered = await service.filteredReport(t.db, sxs, { locales: ["ja-JP"] });
    expectSameRows(noCi(headlineOf(pick(filtered, "all"))), noCi(asAll(headlineOf(pick(report.rows, "locale=ja-JP")))));
    expect(filtered.some((r) => r.slice === "locale=en-US")).toBe(false);
  });

  it("filters by dimension, category and modality combine", async () => {
    const rows = await service.headline(t.db, sxs, { dimensions: ["truthfulness"], categories: ["Math"], modalities: ["TEXT"] });
    expect(new Set(rows.map((r) => r.dimension))).toEqual(new Set(["truthfulness"]));
    const report = await studyReport(t.db, { id: sxs }, DEFAULT_BOOTSTRAP);
    const math = report.rows.find((r) => r.dimension === "truthfulness" && r.slice === "category=Math" && r.metric === "win_rate_a")!;
    expect(rows.find((r) => r.metric === "win_rate_a")).toMatchObject({ value: math.value, n: math.n, ci_low: math.ci_low });
    expect(await service.headline(t.db, sxs, { modalities: ["IMAGE"] })).toEqual([]);
  });

  it("grader activity adds up to the study's judgments and lists the flagged task with its comment", async () => {
    const q = await service.quality(t.db, sxs, {});
    const stored = await t.db.judgment.count({ where: { studyId: sxs, superseded: false } });
    expect(q.graders.reduce((n, g) => n + g.judgments, 0)).toBe(stored);
    expect(q.graders.every((g) => graderIds.includes(g.graderId))).toBe(true);
    const g0 = q.graders[0];
    const own = await t.db.judgment.findMany({ where: { studyId: sxs, graderId: g0.graderId }, select: { preference: true, assignmentId: true } });
    expect(g0.tasks).toBe(new Set(own.map((j) => j.assignmentId)).size);
    expect(g0.tieRate!.n).toBe(own.filter((j) => j.preference !== null).length);
    expect(g0.tieRate!.value).toBeCloseTo(own.filter((j) => j.preference === 0).length / g0.tieRate!.n, 12);
    expect(g0.medianSeconds).toBeGreaterThan(0);
    expect(q.flagged.total).toBe(1);
    expect(q.flagged.tasks[0]).toMatchObject({ cannotAssess: true, harmful: false, comment: "Response 2 is cut off" });
  });

  it("lists flagged tasks newest first with their flags, counting every flagged task", async () => {
    const tasks = await t.db.judgment.findMany({ where: { studyId: single }, select: { assignmentId: true }, distinct: ["assignmentId"], take: 3, orderBy: { id: "asc" } });
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 12, minutes));
    await t.db.judgment.updateMany({ where: { assignmentId: tasks[0].assignmentId }, data: { harmful: true, submittedAt: at(5) } });
    await t.db.judgment.updateMany({ where: { assignmentId: tasks[1].assignmentId }, data: { cannotAssess: true, comment: "no audio", submittedAt: at(30) } });
    await t.db.judgment.updateMany({ where: { assignmentId: tasks[2].assignmentId }, data: { cannotAssess: true, harmful: true, submittedAt: at(15) } });
    const q = await service.quality(t.db, single, {});
    expect(q.flagged.total).toBe(3);
    expect(q.flagged.tasks.map((x) => [x.assignmentId, x.cannotAssess, x.harmful, x.comment, x.submittedAt])).toEqual([
      [tasks[1].assignmentId, true, false, "no audio", at(30).getTime()],
      [tasks[2].assignmentId, true, true, "", at(15).getTime()],
      [tasks[0].assignmentId, false, true, "", at(5).getTime()],
    ]);
    expect((await service.quality(t.db, single, { locales: ["xx-XX"] })).flagged).toEqual({ total: 0, tasks: [] });
  });

  it("over time gives at each checkpoint the report's rows on the judgments submitted so far", async () => {
    const points = await service.overTime(t.db, sxs, {});
    const j = await repo.timedJudgments(t.db, sxs, "SIDE_BY_SIDE", {});
    const [keys, prompts] = await Promise.all([studyKeys(t.db, sxs), promptAttributes(t.db, sxs)]);
    // Prompt by prompt, from the judgments in submission order (ties in the order read).
    const order = [...Array(j.length).keys()].sort((a, b) => j.at[a] - j.at[b]);
    for (const p of points) {
      const histograms = new Map<string, number[]>();
      for (const r of order.slice(0, p.judgments)) {
        const k = `${j.itemIds[j.item[r]]}|${j.dimensionKeys[j.dimension[r]]}`;
        (histograms.get(k) ?? histograms.set(k, [0, 0, 0, 0, 0, 0, 0]).get(k)!)[j.value[r] + 3]++;
      }
      const units = [...histograms].map(([k, h]) => unitOfHistogram(keys.items.get(k.split("|")[0])!.promptId, k.split("|")[1], h, 0, 0));
      const expected = sideBySideRows({ study: "", modelA: "Cand", modelB: "Base" }, units, prompts,
        { bootstrap: DEFAULT_BOOTSTRAP, rule: "mean", slicing: allOnly, choice: { metrics: new Set(p.rows.map((r) => r.metric)) } });
      expect(p.rows.map((r) => ({ ...r, study: "" }))).toEqual(expected);
      expect(p.at).toBe(new Date(j.at[order[p.judgments - 1]]).toISOString());
    }
  });

  it("timed judgments carry each counted judgment's submission time, to the millisecond, as the database computes it", async () => {
    for (const [id, type] of [[sxs, "SIDE_BY_SIDE"], [single, "SINGLE_SIDED"]] as const) {
      const j = await repo.timedJudgments(t.db, id, type, {});
      const stored = await t.db.judgment.findMany({
        where: { studyId: id, superseded: false, surplus: false, control: false, excludedById: null, ...(type === "SIDE_BY_SIDE" ? { preference: { not: null } } : { score: { not: null } }) },
        select: { itemId: true, dimension: { select: { key: true } }, submittedAt: true },
      });
      const read = Array.from({ length: j.length }, (_, r) => `${j.itemIds[j.item[r]]}|${j.dimensionKeys[j.dimension[r]]}|${j.at[r]}`).sort();
      expect(read).toEqual(stored.map((x) => `${x.itemId}|${x.dimension.key}|${x.submittedAt.getTime()}`).sort());
      expect(stored.some((x) => x.submittedAt.getMilliseconds() !== 0) || stored.length === 0).toBe(true);
    }
  });

  it("a large study's timed judgments, read in two halves at once, are the rows read whole", async () => {
    for (const [id, type] of [[sxs, "SIDE_BY_SIDE"], [single, "SINGLE_SIDED"]] as const) {
      const rows = (j: repo.TimedJudgments) => Array.from({ length: j.length }, (_, r) => `${j.itemIds[j.item[r]]}|${j.dimensionKeys[j.dimension[r]]}|${j.value[r]}|${j.at[r]}`).sort();
      const [whole, halves] = await Promise.all([repo.timedJudgments(t.db, id, type, {}, Infinity), repo.timedJudgments(t.db, id, type, { locales: LOCALES.map((l) => l[0]) }, 0)]);
      expect(halves.length).toBeGreaterThan(0);
      expect(rows(halves)).toEqual(rows(whole));
      expect(halves.items).toBe(whole.items);
    }
  });

  it("over time ends at the headline and counts up to every counted judgment", async () => {
    for (const id of [sxs, single]) {
      const points = await service.overTime(t.db, id, {});
      expect(points.length).toBe(10);
      expect(points.map((p) => p.judgments)).toEqual([...points.map((p) => p.judgments)].sort((a, b) => a - b));
      const headline = await service.headline(t.db, id, {});
      const last = points[points.length - 1];
      // Single-sided, the chart's rows only: counts and each model's mean score (no paired comparison, which it does not draw).
      if (id === single) expect(new Set(last.rows.map((r) => r.metric))).toEqual(new Set(["n_prompts", "n_judgments", "mean_score"]));
      for (const r of last.rows) {
        const h = headline.find((x) => key(x) === key(r))!;
        expect(r.value).toBeCloseTo(h.value!, 12);
        expect(r.n).toBe(h.n);
      }
      const counted = await t.db.judgment.count({ where: { studyId: id, superseded: false, surplus: false, OR: [{ preference: { not: null } }, { score: { not: null } }] } });
      expect(last.judgments).toBe(counted);
    }
  });

  it("a large study's view replays whole hours from the hourly shifts: the rows of the judgments submitted by each hour's end", async () => {
    // Every study counts as large here (hourlyAbove 0); the reference is the judgment-by-judgment
    // replay run once on the judgments submitted before each point's hour ended.
    const upTo = (j: repo.TimedJudgments, end: number): repo.TimedJudgments => {
      const keep = Array.from({ length: j.length }, (_, r) => r).filter((r) => j.at[r] < end);
      return { ...j, length: keep.length, item: Int32Array.from(keep, (r) => j.item[r]), dimension: Int32Array.from(keep, (r) => j.dimension[r]),
        value: Float64Array.from(keep, (r) => j.value[r]), at: Float64Array.from(keep, (r) => j.at[r]) };
    };
    const byKey = (rows: ReportRow[]) => new Map(rows.map((r) => [key(r), { ...r, study: "" }]));
    const views: [string, "SIDE_BY_SIDE" | "SINGLE_SIDED", ReportFilter][] = [[sxs, "SIDE_BY_SIDE", {}], [sxs, "SIDE_BY_SIDE", { dimensions: ["truthfulness"] }], [single, "SINGLE_SIDED", {}]];
    for (const [id, type, filter] of views) {
      const points = await service.overTime(t.db, id, filter, 0);
      const j = await repo.timedJudgments(t.db, id, type, filter);
      expect(points.length).toBe(10);
      expect(points.every((p) => p.hourly)).toBe(true);
      const [keys, prompts] = await Promise.all([studyKeys(t.db, id), promptAttributes(t.db, id)]);
      for (const p of points) {
        // A point is at its hour's end, or at `now` for the hour still running.
        const end = Math.ceil(Date.parse(p.at) / 3_600_000) * 3_600_000;
        const sub = upTo(j, end);
        expect(p.judgments).toBe(sub.length);
        let expected: ReportRow[] = [];
        if (type === "SIDE_BY_SIDE") {
          preferenceGroupsOverTime(sub, 1, (d) => sub.dimensionKeys[d], (_, __, units) => {
            expected = sideBySideRows({ study: "", modelA: "Cand", modelB: "Base" }, units, new Map(), { bootstrap: DEFAULT_BOOTSTRAP, rule: "mean", slicing: allOnly, choice: { metrics: new Set(p.rows.map((r) => r.metric)) } });
          });
        } else {
          const series = new ScoreSeries(prompts, allOnly);
          scoresOverTime(sub, 1, series, (i) => keys.items.get(sub.itemIds[i])!, (d) => sub.dimensionKeys[d], () => {
            expected = series.rows("", DEFAULT_BOOTSTRAP, { metrics: new Set(["n_prompts", "n_judgments", "mean_score"]) });
          });
        }
        const actual = byKey(p.rows);
        expect([...actual.keys()].sort()).toEqual([...byKey(expected).keys()].sort());
        for (const [k, e] of byKey(expected)) {
          const a = actual.get(k)!;
          if (a.metric === "mean_score") expect(a.value).toBeCloseTo(e.value!, 12);
          expect({ ...a, value: 0 }, k).toEqual({ ...e, value: 0 });
        }
      }
      expect(points.at(-1)!.judgments).toBe(j.length);
    }
    // A filter on the prompts replays the judgments whatever the study's size: the shifts keep no prompt attributes.
    expect((await service.overTime(t.db, sxs, { locales: ["en-US"] }, 0)).every((p) => !p.hourly)).toBe(true);
  });

  it("progress by dimension counts stored judgments against k per applicable item", async () => {
    const rows = await service.dimensionProgress(t.db, sxs);
    expect(rows.map((r) => r.key)).toEqual(["overall", "truthfulness"]);
    const stored = await t.db.judgment.count({ where: { studyId: sxs, superseded: false, dimension: { key: "overall" } } });
    expect(rows[0]).toMatchObject({ judgments: stored, wanted: 90 * 3, cannotAssess: 1 });
    // One pass over the covering index, never the table: linear in the study (SQLite's plan says so).
    if (engine === "sqlite") {
      const plan = await nativeRows(t.db, `EXPLAIN QUERY PLAN ${repo.PROGRESS_BY_DIMENSION_SQL}`, [sxs]);
      expect(plan.map((r) => String(r[3])).join("\n")).toMatch(/USING COVERING INDEX Judgment_report_idx/);
    }
  });

  it("an unknown study is NOT_FOUND, not an empty dashboard", async () => {
    await expect(service.headline(t.db, "nope", {})).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
