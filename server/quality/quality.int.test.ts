// Quality control end to end through the real router, on every engine under test: gold and
// attention items mixed into real grading, careless graders flagged, and excluding them moving the
// headline back to the truth planted in the data. Also: qualification, and bad control files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng, type Rng } from "../../seed/rng";
import { makeModel, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "../../seed/factories";
import { peerAgreement } from "./domain/peer-agreement";
import { agreementTallies, countedVerdictLabelRows, countedVerdictLabels, verdictListsStatement } from "./repo";
import { nativeRows } from "../db/native-read";
import { weightedVerdicts } from "./domain/weighted-verdicts";
import { weightedVerdictsOnWorkers } from "./weighted-verdicts-on-workers";
import { reliabilityWeightedVerdicts } from "./service";
import type { ReportRow } from "../analytics/domain/report-row";
import { studyReport } from "../analytics/service";
import { DEFAULT_BOOTSTRAP } from "../analytics/domain/bootstrap";
import { exportJudgmentsCsvById } from "../exports/service";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";

const PROMPTS = 60;
const GOLD = 10;
const ATTENTION = 2;
const REGULAR = PROMPTS - GOLD - ATTENTION;
type Truth = 1 | -1 | 0; // candidate better, baseline better, about the same
type Behaviour = "careful" | "random" | "always-left" | "too-fast";
const VERDICT: Record<Truth, string> = { 1: "candidate", [-1]: "baseline", 0: "same" };
const truthOf = (i: number): Truth => (i % 5 < 3 ? 1 : i % 5 === 3 ? -1 : 0);
const value = (rows: ReportRow[], m: string) => rows.find((r) => r.slice === "all" && r.dimension === "overall" && r.metric === m)!.value;

/** The shape of a payload: its keys, recursively, with array elements merged. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? shape(v[0]) : [];
  if (v && typeof v === "object" && !(v instanceof Date)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, shape((v as Record<string, unknown>)[k])]));
  return typeof v;
}

describe.each(await testEngines())("quality control on %s", (engine) => {
  let t: TestDatabase;
  let studyId: string;
  let researcher: ReturnType<typeof callerFor>;
  const graders: { id: string; behaviour: Behaviour; api: ReturnType<typeof callerFor> }[] = [];
  const truthByPrompt = new Map<string, Truth>();
  const controlPrompts: { externalId: string; kind: "gold" | "attention"; truth: Truth }[] = [];
  const taskShapes = { control: new Set<string>(), regular: new Set<string>() };
  const regularTruths: Truth[] = [];
  const sidesDealt = new Map<string, number>();

  /** One grader works through the study until nothing is left (or `limit` tasks). */
  async function work(g: (typeof graders)[number], rng: Rng, limit = Infinity) {
    for (let n = 0; n < limit; n++) {
      const task = await g.api.grading.next({ studyId });
      if (!task) return;
      const a = await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId }, select: { candidateSide: true, item: { select: { control: true, promptId: true } } } });
      (a.item.control === "NONE" ? taskShapes.regular : taskShapes.control).add(JSON.stringify(shape(task)));
      const truth = truthByPrompt.get(a.item.promptId)!;
      // Sides are a fair coin per lease, so a careful grader's left share is itself random: a run
      // of one side could flag them (one CI run in a few dozen did). Here a careful grader's better
      // response goes left and right in turn, which keeps the test about the rules, not the coin;
      // the rule's false-alarm rate under a fair coin is a unit test (grader-diagnostics.test.ts).
      if (g.behaviour === "careful" && truth !== 0) {
        const betterLeft = (sidesDealt.get(g.id) ?? 0) % 2 === 0;
        sidesDealt.set(g.id, (sidesDealt.get(g.id) ?? 0) + 1);
        a.candidateSide = (truth === 1) === betterLeft ? "LEFT" : "RIGHT";
        await t.db.assignment.update({ where: { id: task.assignmentId }, data: { candidateSide: a.candidateSide } });
      }
      const shown = (candidatePref: number) => (a.candidateSide === "RIGHT" ? candidatePref : -candidatePref);
      const straight = rng.int(-3, 3);
      const values: Record<string, number> =
        g.behaviour === "careful" ? { overall: shown(2 * truth), truthfulness: shown(truth) }
        : g.behaviour === "random" ? { overall: rng.int(-3, 3), truthfulness: rng.int(-3, 3) }
        : g.behaviour === "always-left" ? { overall: -2, truthfulness: -2 }
        : { overall: straight, truthfulness: straight };
      const timeSpentMs = g.behaviour === "too-fast" ? 1500 : 20_000 + rng.int(0, 40_000);
      expect((await g.api.grading.submit({ assignmentId: task.assignmentId, values, timeSpentMs })).status).toBe("stored");
    }
  }

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const r = await makeUser(t.db, { role: "RESEARCHER" });
    researcher = callerFor(t.db, asSessionUser(r));
    const [cand, base] = [await makeModel(t.db, { name: "Cand" }), await makeModel(t.db, { name: "Base" })];
    const set = await makePromptSet(t.db);
    for (let i = 0; i < PROMPTS; i++) {
      const p = await makePrompt(t.db, { promptSetId: set.id, localeCode: "en-US", category: "Writing", text: `Question ${i}`,
        responses: [{ modelId: cand.id, text: `Answer ${i}` }, { modelId: base.id, text: `Reply ${i}` }] });
      truthByPrompt.set(p.id, truthOf(i));
      if (i < GOLD + ATTENTION) controlPrompts.push({ externalId: p.externalId, kind: i < GOLD ? "gold" : "attention", truth: truthOf(i) });
      else regularTruths.push(truthOf(i));
    }
    studyId = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [cand.id, base.id], promptSetId: set.id, redundancy: 6,
      dimensionKeys: ["overall", "truthfulness"] }, { status: "RUNNING", createdById: r.id })).id;
    const csv = ["prompt_id,kind,overall,truthfulness,explanation",
      ...controlPrompts.map((c) => `${c.externalId},${c.kind},${VERDICT[c.truth]},${VERDICT[c.truth]},"Planted answer, see the guidelines"`)].join("\n");
    expect(await researcher.quality.importControlItems({ studyId, fileName: "gold.csv", content: csv })).toEqual({ marked: GOLD + ATTENTION, GOLD, ATTENTION, QUALIFICATION: 0 });
    await researcher.quality.updateSettings({ studyId, goldRate: 0.3, requireQualification: false, qualificationPassRate: 0.8, minTaskSeconds: 10 });

    const behaviours: Behaviour[] = ["careful", "careful", "careful", "random", "always-left", "too-fast"];
    for (const [i, behaviour] of behaviours.entries()) {
      const u = await makeUser(t.db, { role: "GRADER", locales: ["en-US"], displayName: `${behaviour} ${i}` });
      graders.push({ id: u.id, behaviour, api: callerFor(t.db, asSessionUser(u, ["en-US"])) });
    }
    const rng = createRng(11);
    for (const g of graders) await work(g, rng);
  }, 120_000);
  afterAll(async () => t?.drop());

  it("mixes gold and attention items into the queue, every grader's task looks the same", async () => {
    const perGrader = await t.db.assignment.groupBy({ by: ["graderId"], where: { studyId, item: { control: { not: "NONE" } } }, _count: { _all: true } });
    expect(perGrader.length).toBe(6);
    for (const g of perGrader) expect(g._count._all).toBeGreaterThan(0);
    // Same payload shape for control and regular tasks, and nothing in it names the control.
    expect([...taskShapes.control]).toEqual([...taskShapes.regular]);
    expect([...taskShapes.regular][0]).not.toMatch(/gold|control|expect|explanation|attention/i);
    // Every regular item got its k = 6 judgments; control items do not count toward k.
    const regular = await t.db.item.findMany({ where: { studyId, control: "NONE" }, select: { submittedCount: true } });
    expect(regular.every((i) => i.submittedCount === 6)).toBe(true);
  });

  it("never counts judgments on control items", async () => {
    const rows = await researcher.dashboards.headline({ studyId });
    expect(value(rows, "n_prompts")).toBe(REGULAR);
    expect(rows.find((r) => r.dimension === "overall" && r.metric === "n_judgments")!.value).toBe(REGULAR * 6);
    const report = await studyReport(t.db, { id: studyId }, DEFAULT_BOOTSTRAP);
    expect(report.rows.find((r) => r.slice === "all" && r.dimension === "overall" && r.metric === "n_prompts")!.value).toBe(REGULAR);
    // Progress counts study material only: the study is complete although graders did gold items too.
    const overview = await researcher.studies.get({ studyId });
    expect([overview.submitted, overview.wanted]).toEqual([REGULAR * 6, REGULAR * 6]);
    expect(overview.byLocale.map((l) => l.items)).toEqual([REGULAR]);
  });

  it("flags each careless grader with its reason and no careful one", async () => {
    const { graders: diag } = await researcher.dashboards.quality({ studyId });
    const of = (b: Behaviour) => diag.filter((d) => graders.find((g) => g.id === d.graderId)!.behaviour === b);
    for (const d of of("careful")) {
      expect(d.flags).toEqual([]);
      expect(d.goldAccuracy!.value).toBe(1);
      expect(d.attention.failed).toBe(0);
    }
    const [random] = of("random");
    expect(random.goldAccuracy!.n).toBeGreaterThanOrEqual(10);
    // Which of its tells crosses its threshold depends on the draws (ten gold items leave a wide
    // interval): any of the three is the right reason, and it is always worse on gold than the careful ones.
    expect(random.flags.join("; ")).toMatch(/gold accuracy \d+% \(95% CI .*\) below 80%|agrees with other graders on \d+% of shared judgments|failed \d+ of \d+ attention checks/);
    expect(random.goldAccuracy!.value!).toBeLessThan(1);
    const [left] = of("always-left");
    expect(left.positionBias!.value).toBe(1);
    expect(left.flags.join("; ")).toMatch(/chose the left response in 100% of non-ties/);
    const [fast] = of("too-fast");
    expect(fast.flags.join("; ")).toMatch(new RegExp(`${fast.tasks} of ${fast.tasks} tasks faster than the 10 s minimum`));
    expect(fast.straightLining!.value).toBe(1);
    for (const d of [random, left, fast]) expect(d.goldAccuracy!.n).toBeGreaterThan(0);
  });

  it("counts agreement in the database exactly as the definition in domain/peer-agreement.ts, on both study types", async () => {
    const expectSame = async (id: string, type: "SIDE_BY_SIDE" | "SINGLE_SIDED") => {
      const rows = await t.db.judgment.findMany({ where: { studyId: id, superseded: false, control: false },
        select: { graderId: true, itemId: true, dimensionId: true, preference: true, score: true } });
      const defined = peerAgreement(type, rows.filter((r) => (type === "SIDE_BY_SIDE" ? r.preference : r.score) !== null)
        .map((r) => ({ graderId: r.graderId, unit: `${r.itemId}\u0000${r.dimensionId}`, value: (type === "SIDE_BY_SIDE" ? r.preference : r.score)! })));
      expect(defined.size).toBeGreaterThan(2);
      expect(Object.fromEntries(await agreementTallies(t.db, id, type, {}))).toEqual(Object.fromEntries(defined));
    };
    await expectSame(studyId, "SIDE_BY_SIDE");
    const study = await t.db.study.findUniqueOrThrow({ where: { id: studyId }, select: { promptSetId: true, models: { select: { modelId: true } } } });
    const single = await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: study.models.map((m) => m.modelId), promptSetId: study.promptSetId!, redundancy: 3,
      dimensionKeys: ["overall", "truthfulness"] }, { status: "RUNNING" });
    await simulateJudgments(t.db, single.id, { rng: createRng(8), graders: graders.map((g) => ({ id: g.id, locales: ["en-US"] })), completion: 1,
      careless: { [graders[3].id]: "random" } });
    await expectSame(single.id, "SINGLE_SIDED");
  });

  it("reads several dimensions' counted verdicts as codes and fits them on a worker thread as in this one", async () => {
    const dimensions = await t.db.dimension.findMany({ where: { key: { in: ["overall", "truthfulness", "presentation"] } } });
    const read = await countedVerdictLabels(t.db, studyId, {}, dimensions.map((d) => d.id));
    // presentation is not one of the study's dimensions: it has no verdicts and no entry.
    expect([...read.keys()].sort()).toEqual(dimensions.filter((d) => d.key !== "presentation").map((d) => d.id).sort());
    for (const [dimensionId, labels] of read) {
      const counted = await t.db.judgment.findMany({ where: { studyId, dimensionId, superseded: false, surplus: false, control: false, excludedById: null, preference: { not: null } },
        select: { itemId: true, graderId: true, preference: true } });
      expect(labels.item.length).toBe(counted.length);
      expect(labels.items).toBe(new Set(counted.map((j) => j.itemId)).size);
      expect(labels.graders).toBe(new Set(counted.map((j) => j.graderId)).size);
      // Codes stand for ids: the same verdicts, and per item the same verdicts, as the judgments hold.
      const tally = (rows: [string | number, number][]) => [...rows.reduce((m, [k, v]) => m.set(k, [...(m.get(k) ?? []), v].sort()), new Map<string | number, number[]>()).values()]
        .map((v) => v.join("")).sort();
      expect(tally([...labels.item].map((i, x) => [i, labels.label[x]]))).toEqual(tally(counted.map((j) => [j.itemId, Math.sign(j.preference!) + 1])));
      expect(tally([...labels.grader].map((g, x) => [g, labels.label[x]]))).toEqual(tally(counted.map((j) => [j.graderId, Math.sign(j.preference!) + 1])));
    }
    // SQLite reads lists of labels over ranges of items: exactly what one row per label gives, in the
    // same order, so that the fits are the same; with a filter too.
    expect(read).toEqual(await countedVerdictLabelRows(t.db, studyId, {}, dimensions.map((d) => d.id)));
    const enUS = await countedVerdictLabels(t.db, studyId, { locales: ["en-US"], dimensions: ["overall"] }, dimensions.map((d) => d.id));
    expect(enUS).toEqual(await countedVerdictLabelRows(t.db, studyId, { locales: ["en-US"], dimensions: ["overall"] }, dimensions.map((d) => d.id)));
    expect([...enUS.keys()]).toEqual([dimensions.find((d) => d.key === "overall")!.id]);
    // The lists come from the report index alone, graders included: no table lookup per judgment.
    if (engine === "sqlite") {
      for (const range of [{ from: null, to: null }, { from: "a", to: "z" }]) {
        const { sql, params } = verdictListsStatement(studyId, {}, dimensions.map((d) => d.id), range);
        const plan = await nativeRows(t.db, `EXPLAIN QUERY PLAN ${sql}`, params);
        expect(plan.map((r) => String(r[3])).join("\n")).toMatch(/USING COVERING INDEX Judgment_report_idx/);
      }
    }
    const overall = read.get(dimensions.find((d) => d.key === "overall")!.id)!;
    const truthfulness = read.get(dimensions.find((d) => d.key === "truthfulness")!.id)!;
    const bootstrap = { ...DEFAULT_BOOTSTRAP, resamples: 300 };
    // The workers fit the dimensions, each as this thread would, in the order given: more
    // dimensions than workers, each worker taking the next when it is done.
    const five = ["overall", "truthfulness", "overall-again", "truthfulness-again", "overall-third"].map((dimension, k) => ({ dimension, labels: k % 2 ? truthfulness : overall }));
    expect(await weightedVerdictsOnWorkers(five, bootstrap, 0)).toEqual(five.map((d) => weightedVerdicts(d.dimension, d.labels, bootstrap)));
  });

  it("skips the fit above its judgment limit, counting the counted verdicts the filter keeps", async () => {
    const counted = (where: object) => t.db.judgment.count({ where: { studyId, superseded: false, surplus: false, control: false, excludedById: null, preference: { not: null }, ...where } });
    const all = await counted({});
    expect(await reliabilityWeightedVerdicts(t.db, studyId, {}, all - 1)).toEqual({ weighted: [], skipped: { judgments: all, limit: all - 1 } });
    expect((await reliabilityWeightedVerdicts(t.db, studyId, {}, all)).skipped).toBeNull();
    const overall = await counted({ dimension: { key: "overall" } });
    expect(overall).toBeLessThan(all);
    expect((await reliabilityWeightedVerdicts(t.db, studyId, { dimensions: ["overall"] }, 0)).skipped).toEqual({ judgments: overall, limit: 0 });
  });

  it("excluding the careless graders moves the headline back to the planted truth; undoing it restores it", async () => {
    const before = await researcher.dashboards.headline({ studyId });
    const truth = { win: regularTruths.filter((x) => x === 1).length / REGULAR, tie: regularTruths.filter((x) => x === 0).length / REGULAR };
    expect([value(before, "win_rate_a"), value(before, "tie_rate")]).not.toEqual([truth.win, truth.tie]);
    // Beside the plain headline, the reliability-weighted (Dawid–Skene) shares already find the
    // planted truth: the three careful graders agree with each other and the careless ones with nobody.
    const { weighted, skipped } = await researcher.dashboards.weightedVerdicts({ studyId });
    expect(skipped).toBeNull();
    const overall = weighted.find((w) => w.dimension === "overall")!;
    expect(overall.prompts).toBe(REGULAR);
    expect(overall.candidate!.value).toBeCloseTo(truth.win, 1);
    expect(overall.same!.value).toBeCloseTo(truth.tie, 1);
    expect(overall.candidate!.low!).toBeLessThanOrEqual(overall.candidate!.value);
    expect(overall.converged).toBe(true);
    expect(overall.iterations).toBeLessThan(overall.maxIterations);

    const careless = graders.filter((g) => g.behaviour !== "careful");
    const ids: string[] = [];
    for (const g of careless) ids.push((await researcher.quality.exclude({ studyId, graderId: g.id, reason: `careless: ${g.behaviour}` })).id);
    const after = await researcher.dashboards.headline({ studyId });
    expect(value(after, "win_rate_a")).toBe(truth.win);
    expect(value(after, "tie_rate")).toBe(truth.tie);
    expect(value(after, "n_judgments")).toBe(REGULAR * 3);

    // Visible: the dashboard lists the exclusions, the report counts them, the export marks each row.
    const study = await researcher.dashboards.study({ studyId });
    expect(study.exclusions.map((x) => [x.reason, x.judgments]).sort()).toEqual(careless.map((g) => [`careless: ${g.behaviour}`, REGULAR * 2]).sort());
    const report = await studyReport(t.db, { id: studyId }, DEFAULT_BOOTSTRAP);
    expect(report.rows.filter((r) => r.metric === "excluded_judgments").map((r) => [r.dimension, r.value])).toEqual([["overall", REGULAR * 3], ["truthfulness", REGULAR * 3]]);
    expect(report.meta.exclusions.map((x) => x.reason).sort()).toEqual(careless.map((g) => `careless: ${g.behaviour}`).sort());
    expect(report.rows.find((r) => r.metric === "win_rate_a" && r.dimension === "overall" && r.slice === "all")!.value).toBe(truth.win);
    const chunks: Buffer[] = [];
    const { Writable } = await import("node:stream");
    const rows = await exportJudgmentsCsvById.run(t.db, studyId, new Writable({ write(c, _e, cb) { chunks.push(Buffer.from(c)); cb(); } }));
    const csv = Buffer.concat(chunks).toString("utf8");
    expect(rows).toBe(await t.db.judgment.count({ where: { studyId } })); // nothing deleted
    expect(csv.split("\n")[0]).toMatch(/,control_item,excluded,exclusion_reason,below_min_time,prompt_context$/);
    // Every submission under the study's 10 s minimum is flagged: the too-fast grader's, all of them
    // (each row then ends with an empty prompt_context: these prompts are single turns).
    const fastRows = await t.db.judgment.count({ where: { studyId, graderId: careless[2].id } });
    expect(csv.match(/,true,careless: too-fast,true,\r?\n/g)!.length).toBe(fastRows);
    expect(csv.match(/,true,\r?\n/g)!.length).toBe(fastRows);
    expect(csv.match(/,true,careless: random,false,\r?\n/g)!.length).toBe(await t.db.judgment.count({ where: { studyId, graderId: careless[0].id } }));
    expect(csv.match(/,gold,false,,false,\r?\n/g)!.length).toBeGreaterThan(0);

    // Reversible: undo one, and the headline includes that grader again.
    await researcher.quality.undoExclusion({ exclusionId: ids[1] });
    const undone = await researcher.dashboards.headline({ studyId });
    expect(value(undone, "n_judgments")).toBe(REGULAR * 4);
    await expect(researcher.quality.undoExclusion({ exclusionId: ids[1] })).rejects.toMatchObject({ code: "CONFLICT" });
    const list = await researcher.quality.exclusions({ studyId });
    expect(list.excludedJudgments).toBe(2 * REGULAR * 2);
    expect(list.exclusions.find((x) => x.id === ids[1])!.revokedAt).not.toBeNull();
  });

  it("an exclusion with an open window also covers judgments submitted after it", async () => {
    const extra = await makePrompt(t.db, { promptSetId: (await t.db.study.findUniqueOrThrow({ where: { id: studyId }, select: { promptSetId: true } })).promptSetId!,
      localeCode: "en-US", category: "Writing", responses: (await t.db.response.findMany({ take: 2, distinct: ["modelId"], select: { modelId: true } })).map((x) => ({ modelId: x.modelId, text: "late" })) });
    const responses = await t.db.response.findMany({ where: { promptId: extra.id } });
    const study = await t.db.studyModel.findMany({ where: { studyId }, select: { modelId: true, role: true } });
    const pick = (role: string) => responses.find((x) => x.modelId === study.find((m) => m.role === role)!.modelId)!.id;
    await t.db.item.create({ data: { studyId, promptId: extra.id, localeCode: "en-US", responseId: pick("CANDIDATE"), baselineResponseId: pick("BASELINE") } });
    const random = graders.find((g) => g.behaviour === "random")!;
    await work(random, createRng(3), 1);
    const late = await t.db.judgment.findMany({ where: { studyId, graderId: random.id, item: { promptId: extra.id } }, select: { excludedById: true } });
    expect(late.length).toBe(2);
    expect(late.every((j) => j.excludedById !== null)).toBe(true);
  });

  it("refuses a bad control file naming line and field, and marks nothing", async () => {
    const before = await t.db.item.count({ where: { studyId, control: { not: "NONE" } } });
    const bad = "prompt_id,kind,overall,explanation\nno-such-prompt,gold,candidate,x\n" + `${controlPrompts[0].externalId},gold,left,x\n`;
    await expect(researcher.quality.importControlItems({ studyId, fileName: "bad.csv", content: bad }))
      .rejects.toThrow(/line 2, prompt_id: this study has no item for prompt "no-such-prompt"[\s\S]*line 3, overall: must be candidate, baseline or same, got "left"/);
    expect(await t.db.item.count({ where: { studyId, control: { not: "NONE" } } })).toBe(before);
    await expect(researcher.quality.updateSettings({ studyId, goldRate: 0.2, requireQualification: true, qualificationPassRate: 0.8, minTaskSeconds: 0 }))
      .rejects.toThrow(/no qualification items/);
  });
});

describe.each(await testEngines())("qualification on %s", (engine) => {
  let t: TestDatabase;

  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t?.drop());

  it("serves the qualification set first, lets a passing grader on and stops a failing one with the explanations", async () => {
    const r = await makeUser(t.db, { role: "RESEARCHER" });
    const researcher = callerFor(t.db, asSessionUser(r));
    const [cand, base] = [await makeModel(t.db, { name: "Secret Candidate" }), await makeModel(t.db, { name: "Secret Baseline" })];
    const set = await makePromptSet(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push((await makePrompt(t.db, { promptSetId: set.id, localeCode: "en-US", category: "Writing", text: `Q${i}`,
        responses: [{ modelId: cand.id, text: `good ${i}` }, { modelId: base.id, text: `bad ${i}` }] })).externalId);
    }
    const studyId = (await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [cand.id, base.id], promptSetId: set.id, redundancy: 2, dimensionKeys: ["overall"] }, { status: "RUNNING" })).id;
    await researcher.quality.importControlItems({ studyId, fileName: "q.jsonl", content: ids.slice(0, 3)
      .map((p) => JSON.stringify({ prompt_id: p, kind: "qualification", overall: "candidate", explanation: `The better answer to ${p} is the complete one.` })).join("\n") });
    await researcher.quality.updateSettings({ studyId, goldRate: 0, requireQualification: true, qualificationPassRate: 0.8, minTaskSeconds: 0 });

    const run = async (right: boolean) => {
      const u = await makeUser(t.db, { role: "GRADER", locales: ["en-US"] });
      const api = callerFor(t.db, asSessionUser(u, ["en-US"]));
      expect(await api.quality.myQualification({ studyId })).toMatchObject({ required: true, done: 0, total: 3, result: null });
      for (let i = 0; i < 3; i++) {
        const task = (await api.grading.next({ studyId }))!;
        const a = await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId }, select: { candidateSide: true, item: { select: { control: true } } } });
        expect(a.item.control).toBe("QUALIFICATION");
        const candidateBetter = a.candidateSide === "RIGHT" ? 2 : -2;
        await api.grading.submit({ assignmentId: task.assignmentId, values: { overall: right || i === 0 ? candidateBetter : -candidateBetter } });
      }
      return { api, u };
    };

    const passing = await run(true);
    const next = (await passing.api.grading.next({ studyId }))!;
    expect((await t.db.assignment.findUniqueOrThrow({ where: { id: next.assignmentId }, select: { item: { select: { control: true } } } })).item.control).toBe("NONE");
    expect(await passing.api.quality.myQualification({ studyId })).toMatchObject({ result: { correct: 3, total: 3, passed: true } });

    const failing = await run(false);
    await expect(failing.api.grading.next({ studyId })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/did not pass/) });
    const mine = await failing.api.quality.myQualification({ studyId });
    expect(mine).toMatchObject({ required: true, done: 3, result: { correct: 1, total: 3, passed: false } });
    if (!mine.required || !mine.result) throw new Error("no result");
    expect(mine.result.tasks.map((x) => x.answers[0].correct)).toEqual([true, false, false]);
    expect(mine.result.tasks[1].explanation).toMatch(/complete one/);
    expect(mine.result.tasks[1].answers[0].expected).toMatch(/^Response [12] better$/);
    expect(JSON.stringify(mine)).not.toMatch(/Secret|candidate|baseline/i);
    expect(await t.db.qualification.count({ where: { studyId } })).toBe(2);
  });
});
