import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../test/caller";
import { makeModel } from "../../seed/factories";
import { smallLandscape } from "../test/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { isCompactId } from "../db/compact-id";
import { ensureBuiltInDimensions } from "./service";

describe.each(await testEngines())("studies through tRPC on %s", (engine) => {
  let t: TestDatabase;
  let l: Awaited<ReturnType<typeof smallLandscape>>;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    l = await smallLandscape(t.db, { promptsPerLocale: 4 });
  });
  afterAll(async () => t.drop());

  const def = () => ({
    name: `SxS ${Math.random()}`, type: "SIDE_BY_SIDE" as const, modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id,
    dimensionKeys: ["overall", "truthfulness"], redundancy: 3,
  });

  it("previews, then creates a side-by-side study with one item per prompt", async () => {
    const api = callerFor(t.db, l.researcher);
    const preview = await api.studies.preview(def());
    expect(preview).toMatchObject({ items: 8, prompts: 8, locales: ["en-US", "ja-JP"], judgmentsWanted: 24, filteredOut: 0, missingResponses: 0 });
    const d = def();
    const created = await api.studies.create(d);
    expect(created.items).toBe(8);
    const study = await api.studies.get({ studyId: created.id });
    expect(study).toMatchObject({ name: d.name, status: "DRAFT", redundancy: 3, submitted: 0, wanted: 24 });
    expect(study.models.map((m) => [m.model.id, m.role])).toEqual(expect.arrayContaining([[l.candidate.id, "CANDIDATE"], [l.baseline.id, "BASELINE"]]));
    expect(study.dimensions.map((x) => [x.dimension.key, x.scaleMin, x.scaleMax])).toEqual([["overall", -3, 3], ["truthfulness", -3, 3]]);
    expect(await t.db.auditEvent.count({ where: { entityId: created.id, action: "study.create" } })).toBe(1);
  });

  it("pairs three models on every prompt, or one balanced random pair per prompt with its seed recorded", async () => {
    const api = callerFor(t.db, l.researcher);
    const third = await makeModel(t.db, { name: `Third ${Math.random().toString(36).slice(2, 8)}` });
    for (const p of l.prompts) await t.db.response.create({ data: { promptId: p.id, modelId: third.id, text: `Answer, version z` } });
    const three = { ...def(), modelIds: [l.candidate.id, l.baseline.id, third.id] };
    expect(await api.studies.preview({ ...three, pairing: "all_pairs" })).toMatchObject({ items: 24, prompts: 8, judgmentsWanted: 72 });
    const all = await api.studies.create({ ...three, pairing: "all_pairs" });
    expect(all.items).toBe(24);
    const balanced = await api.studies.create({ ...three, name: `Balanced ${Math.random()}`, pairing: "balanced_random" });
    expect(balanced.items).toBe(8);
    const stored = await t.db.study.findUniqueOrThrow({ where: { id: balanced.id }, select: { pairing: true, pairingSeed: true, models: { orderBy: { position: "asc" }, select: { modelId: true } } } });
    expect(stored.pairing).toBe("balanced_random");
    expect(stored.pairingSeed).toEqual(expect.any(Number));
    expect(stored.models.map((m) => m.modelId)).toEqual([l.candidate.id, l.baseline.id, third.id]);
    // The same seed draws the same pairs.
    const again = await api.studies.create({ ...three, name: `Again ${Math.random()}`, pairing: "balanced_random", pairingSeed: stored.pairingSeed! });
    const pairsOf = async (id: string) => (await t.db.item.findMany({ where: { studyId: id }, orderBy: { promptId: "asc" }, select: { promptId: true, responseId: true, baselineResponseId: true } }));
    expect(await pairsOf(again.id)).toEqual(await pairsOf(balanced.id));
  });

  it("filters prompts and creates single-sided items per model with a 1..5 scale", async () => {
    const api = callerFor(t.db, l.researcher);
    const s = await api.studies.create({ ...def(), type: "SINGLE_SIDED", filters: { locales: ["ja-JP"], categories: ["Math"] } });
    expect(s.items).toBe(4); // 2 Math prompts in ja-JP × 2 models
    const study = await api.studies.get({ studyId: s.id });
    expect(study.dimensions[0]).toMatchObject({ scaleMin: 1, scaleMax: 5 });
    expect(study.locales.map((x) => x.localeCode)).toEqual(["ja-JP"]);
  });

  it("rejects bad definitions with messages that say what is wrong", async () => {
    const api = callerFor(t.db, l.researcher);
    await expect(api.studies.create({ ...def(), modelIds: [l.candidate.id] })).rejects.toThrow(/at least two models/);
    await expect(api.studies.create({ ...def(), modelIds: [l.candidate.id, l.baseline.id, l.candidate.id + "x"] })).rejects.toThrow(/Choose how to pair more than two models/);
    await expect(api.studies.create({ ...def(), modelIds: [l.candidate.id, l.candidate.id] })).rejects.toThrow(/only once/);
    await expect(api.studies.create({ ...def(), dimensionKeys: ["vibes"] })).rejects.toThrow("Unknown dimension: vibes");
    await expect(api.studies.create({ ...def(), filters: { locales: ["de-DE"] } })).rejects.toThrow(/No prompt in .* matches the filters/);
    await expect(api.studies.create({ ...def(), redundancy: 0 })).rejects.toThrow(/redundancy: At least one judgment per item/);
    const d = def();
    await api.studies.create(d);
    await expect(api.studies.create(d)).rejects.toThrow(`A study named "${d.name}" already exists.`);
  });

  it("moves through its life cycle and refuses illegal transitions", async () => {
    const api = callerFor(t.db, l.researcher);
    const { id } = await api.studies.create(def());
    await expect(api.studies.setStatus({ studyId: id, status: "PAUSED" })).rejects.toThrow("A draft study cannot be set to paused");
    expect((await api.studies.setStatus({ studyId: id, status: "RUNNING" })).status).toBe("RUNNING");
    expect((await api.studies.setStatus({ studyId: id, status: "PAUSED" })).status).toBe("PAUSED");
    expect((await api.studies.setStatus({ studyId: id, status: "COMPLETED" })).status).toBe("COMPLETED");
    await expect(api.studies.setStatus({ studyId: id, status: "RUNNING" })).rejects.toThrow("A completed study cannot change status.");
    const study = await api.studies.get({ studyId: id });
    expect(study.startedAt).not.toBeNull();
    expect(study.completedAt).not.toBeNull();
  });

  it("creates models and custom dimensions, refusing duplicates by name", async () => {
    const api = callerFor(t.db, l.researcher);
    await api.models.create({ name: "Zeta 1", family: "Zeta" });
    await expect(api.models.create({ name: "Zeta 1", family: "Zeta" })).rejects.toThrow('A model named "Zeta 1" already exists.');
    const dim = await api.studies.createDimension({ key: "helpfulness", label: "Helpfulness", description: "Does it help?", appliesToText: true, appliesToImage: false });
    expect(dim.builtIn).toBe(false);
    await expect(api.studies.createDimension({ key: "helpfulness", label: "H", description: "d" })).rejects.toThrow(/already exists/);
    expect((await api.studies.dimensions()).map((d) => d.key)).toEqual(expect.arrayContaining(["overall", "image_understanding", "helpfulness"]));
    // Under compact ids (stored in each of their judgments), the custom one after the built-ins.
    const dims = await t.db.dimension.findMany({ select: { id: true, key: true, builtIn: true } });
    expect(dims.map((d) => d.id).filter((id) => !isCompactId(id) || id.length > 8)).toEqual([]);
    expect(dims.filter((d) => d.builtIn).every((d) => d.id < dim.id)).toBe(true);
  });

  it("refreshes the built-in dimensions without drawing ids for those already stored", async () => {
    const before = { dims: await t.db.dimension.findMany({ orderBy: { key: "asc" } }), blocks: await t.db.idBlock.count() };
    await ensureBuiltInDimensions(t.db);
    expect(await t.db.dimension.findMany({ orderBy: { key: "asc" } })).toEqual(before.dims);
    expect(await t.db.idBlock.count()).toBe(before.blocks);
  });
});
