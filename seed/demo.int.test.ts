import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../server/test/test-database";
import { DatabaseNotEmptyError, seedDemo } from "./demo";
import { DEMO_CONVERSATIONS, DEMO_IMAGE_MODELS, DEMO_LOCALES, DEMO_MODELS, DEMO_VOICE_LINES, DEMO_VOICE_MODELS } from "./demo-content";

const SMALL = { seed: 7, textPromptsPerLocale: 5, imagePromptsPerLocale: 2 };

describe("demo generator", () => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => { [a, b] = [await createTestDatabase("sqlite"), await createTestDatabase("sqlite")]; });
  afterAll(async () => { await a.drop(); await b.drop(); });

  it("fills an empty database with the whole landscape", async () => {
    const result = await seedDemo(a.db, SMALL);
    expect(await a.db.model.count()).toBe(DEMO_MODELS.length + DEMO_IMAGE_MODELS.length + DEMO_VOICE_MODELS.length);
    expect(await a.db.locale.count()).toBe(DEMO_LOCALES.length);
    expect(new Set((await a.db.prompt.findMany({ select: { category: true } })).map((p) => p.category)).size).toBeGreaterThanOrEqual(5);
    // Image prompts and chart chats in every locale; image generation in four locales, four prompts
    // each (half of them edits with a source image), every image model drawing one picture.
    const imageGeneration = 4 * 4 * DEMO_IMAGE_MODELS.length + 4 * 2;
    // Voices: every line in three locales, read by each voice as one synthesised WAV clip.
    const voiceClips = 3 * DEMO_VOICE_LINES.length * DEMO_VOICE_MODELS.length;
    expect(await a.db.attachment.count()).toBe(DEMO_LOCALES.length * (2 + DEMO_CONVERSATIONS.filter((c) => c.chart).length) + imageGeneration + voiceClips);
    expect(await a.db.attachment.count({ where: { responseId: { not: null } } })).toBe(4 * 4 * DEMO_IMAGE_MODELS.length + voiceClips);
    expect(await a.db.attachment.count({ where: { mimeType: "audio/wav", durationMs: { gt: 1000 } } })).toBe(voiceClips);
    expect(await a.db.prompt.count({ where: { modality: "TEXT_TO_AUDIO" } })).toBe(3 * DEMO_VOICE_LINES.length);
    expect(await a.db.prompt.count({ where: { modality: { in: ["TEXT_TO_IMAGE", "IMAGE_TO_IMAGE"] } } })).toBe(4 * 4);
    expect(result.studies.find((s) => s.name === "Vox 2026 vs 2025 — expressive reading")?.judgments).toBeGreaterThan(0);
    expect(await a.db.user.count({ where: { role: "GRADER" } })).toBeGreaterThanOrEqual(6);
    const statuses = (await a.db.study.findMany({ select: { status: true } })).map((s) => s.status);
    expect(new Set(statuses)).toEqual(new Set(["DRAFT", "RUNNING", "COMPLETED"]));
    expect(result.studies.filter((s) => s.judgments > 0).length).toBeGreaterThanOrEqual(4);
    // Conversations: every chat in every locale, with its earlier turns, and a study grading them.
    expect(await a.db.prompt.count({ where: { conversation: { not: null } } })).toBe(DEMO_LOCALES.length * DEMO_CONVERSATIONS.length);
    expect(result.studies.find((s) => s.name === "Server 2026 vs 2025 — conversations")?.judgments).toBeGreaterThan(0);
    // Item counters agree with the submitted assignments they summarise.
    const items = await a.db.item.findMany({ select: { submittedCount: true, _count: { select: { assignments: true } } } });
    expect(items.every((i) => i.submittedCount === i._count.assignments)).toBe(true);
  });

  it("is deterministic for a seed number", async () => {
    await seedDemo(b.db, SMALL);
    const snapshot = async (t: TestDatabase) => (await t.db.judgment.findMany({
      orderBy: [{ preference: "asc" }, { score: "asc" }], select: { preference: true, score: true } }));
    expect(await snapshot(b)).toEqual(await snapshot(a));
    const texts = async (t: TestDatabase) => (await t.db.prompt.findMany({ orderBy: { externalId: "asc" }, select: { text: true } })).map((p) => p.text);
    expect(await texts(b)).toEqual(await texts(a));
  });

  it("refuses a database that already has users", async () => {
    await expect(seedDemo(a.db, SMALL)).rejects.toThrow(DatabaseNotEmptyError);
  });
});
