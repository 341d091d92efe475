// Grader-facing texts in the grader's language, on both engines: the researcher's translations,
// the catalogue's for built-in dimensions, English otherwise; the missing list; the profile
// setting; and errors that carry their catalogue key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy } from "../../seed/factories";
import { login } from "../auth/service";
import { userLanguage } from "../i18n/domain/languages";
import { messageRefOf } from "../i18n/localized-error";
import { callerFor } from "../test/caller";
import { makeGrader, smallLandscape } from "../test/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";

describe.each(await testEngines())("grader languages on %s", (engine) => {
  let t: TestDatabase;
  let l: Awaited<ReturnType<typeof smallLandscape>>;
  let studyId: string;
  const tone = `tone_${Math.random().toString(36).slice(2, 7)}`;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    l = await smallLandscape(t.db, { promptsPerLocale: 2, locales: ["en-US", "ja-JP", "ar-EG"] });
    await callerFor(t.db, l.researcher).studies.createDimension({ key: tone, label: "Tone", description: "Is the tone right for the request?" });
    studyId = (await makeStudy(t.db, {
      type: "SIDE_BY_SIDE", modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id, redundancy: 3,
      dimensionKeys: ["overall", tone], graderTitle: "Everyday questions", guidelines: "Prefer the more **helpful** answer.",
    }, { createdById: l.researcher.id, status: "RUNNING" })).id;
  });
  afterAll(async () => t.drop());

  it("shows a Japanese grader the catalogue's words for built-in dimensions and English for the rest, and lists what is missing", async () => {
    const grader = await makeGrader(t.db, ["ja-JP"]);
    const task = (await callerFor(t.db, grader).grading.next({ studyId }))!;
    expect(task.dimensions.map((d) => d.label)).toEqual(["総合", "Tone"]);
    expect(task.dimensions[0].description).toBe("すべてを踏まえて、どちらの回答を受け取りたいですか？");
    expect(task.study.title).toBe("Everyday questions");
    expect(task.study.guidelines).toBe("Prefer the more **helpful** answer.");

    const page = await callerFor(t.db, l.researcher).translations.forStudy({ studyId });
    expect(page.graderLanguages).toContainEqual({ language: "ja", graders: 1 });
    expect(page.missing.filter((m) => m.language === "ja").map((m) => [m.field, m.dimension ?? null])).toEqual([
      ["title", null], ["guidelines", null], ["dimension.label", tone], ["dimension.description", tone]]);
    expect(page.dimensions.find((d) => d.key === "overall")!.catalogue.ja.label).toBe("総合");
  });

  it("serves the researcher's translations to graders who read that language, and English to the others", async () => {
    const researcher = callerFor(t.db, l.researcher);
    const saved = await researcher.translations.save({ studyId, language: "ja", title: "日常の質問", guidelines: "より**役に立つ**回答を選んでください。",
      dimensions: [{ key: tone, label: "口調", description: "依頼に合った口調ですか？" }, { key: "overall", label: "", description: "" }] });
    expect(saved.missing.filter((m) => m.language === "ja")).toEqual([]);

    const ja = callerFor(t.db, await makeGrader(t.db, ["ja-JP"]));
    const task = (await ja.grading.next({ studyId }))!;
    expect(task.study.title).toBe("日常の質問");
    expect(task.study.guidelines).toBe("より**役に立つ**回答を選んでください。");
    expect(task.dimensions.map((d) => [d.key, d.label, d.description])).toEqual([
      ["overall", "総合", "すべてを踏まえて、どちらの回答を受け取りたいですか？"], [tone, "口調", "依頼に合った口調ですか？"]]);
    expect((await ja.grading.queue()).find((s) => s.id === studyId)?.title).toBe("日常の質問");

    const en = callerFor(t.db, await makeGrader(t.db, ["en-US"]));
    const enTask = (await en.grading.next({ studyId }))!;
    expect(enTask.study.title).toBe("Everyday questions");
    expect(enTask.dimensions.map((d) => d.label)).toEqual(["Overall", "Tone"]);
  });

  it("takes the first locale in the order it was given, not the alphabet's", async () => {
    const grader = await makeGrader(t.db, ["zh-CN", "ja-JP"]);
    const session = await login(t.db, { email: grader.email, password: "correct horse battery" },
      { now: new Date(), userAgent: "test", sessionHours: 1, clientAddress: "127.0.0.1", deviceToken: null });
    expect(session.user.locales).toEqual(["zh-CN", "ja-JP"]);
    expect(userLanguage(session.user)).toBe("zh-CN");
  });

  it("follows the grader's own language setting over their locale, and lists that language as missing", async () => {
    const grader = await makeGrader(t.db, ["ja-JP"]);
    const api = callerFor(t.db, grader);
    await api.auth.setLanguage({ language: "ar" });
    const me = callerFor(t.db, { ...grader, uiLanguage: "ar" });
    const task = (await me.grading.next({ studyId }))!;
    expect(task.dimensions.map((d) => d.label)).toEqual(["التقييم العام", "Tone"]);
    expect(task.study.title).toBe("Everyday questions");
    const page = await callerFor(t.db, l.researcher).translations.forStudy({ studyId });
    expect(page.graderLanguages).toContainEqual({ language: "ar", graders: 1 });
    expect(page.missing.filter((m) => m.language === "ar").map((m) => m.field)).toEqual(["title", "guidelines", "dimension.label", "dimension.description"]);
    await expect(api.auth.setLanguage({ language: "xx" as never })).rejects.toThrow(/language/);
  });

  it("refuses a dimension the study does not have, naming it, and stores nothing of that request", async () => {
    const researcher = callerFor(t.db, l.researcher);
    await expect(researcher.translations.save({ studyId, language: "de", title: "Alltagsfragen", dimensions: [{ key: "nope_dimension", label: "Nein", description: "" }] }))
      .rejects.toThrow(/"nope_dimension" is not a dimension of this study/);
    const page = await researcher.translations.forStudy({ studyId });
    expect(page.translations.study.de).toBeUndefined();
    await expect(researcher.translations.save({ studyId, language: "de", dimensions: [{ key: tone, label: "", description: "Passt der Ton?" }] }))
      .rejects.toThrow(/needs a translated label/);
  });

  it("removes a translation saved empty, so that graders fall back again", async () => {
    const researcher = callerFor(t.db, l.researcher);
    await researcher.translations.save({ studyId, language: "ja", title: "", guidelines: "", dimensions: [{ key: tone, label: "", description: "" }] });
    const task = (await callerFor(t.db, await makeGrader(t.db, ["ja-JP"])).grading.next({ studyId }))!;
    expect(task.study.title).toBe("Everyday questions");
    expect(task.dimensions.map((d) => d.label)).toEqual(["総合", "Tone"]);
  });

  it("translates the neutral title and sends errors with their catalogue key", async () => {
    const paused = await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: [l.candidate.id], promptSetId: l.set.id, dimensionKeys: ["overall"] },
      { createdById: l.researcher.id, status: "PAUSED" });
    const ja = callerFor(t.db, await makeGrader(t.db, ["ja-JP"]));
    const error = await ja.grading.next({ studyId: paused.id }).then(() => null, (e: unknown) => e as Error & { cause?: unknown });
    if (!error) throw new Error("a paused study handed out a task");
    expect(messageRefOf(error)).toEqual({ key: "errors.studyNotRunning", values: { status: "paused" } });
    expect(error.message).toBe("This study is paused; no new tasks are handed out.");
    const running = await makeStudy(t.db, { type: "SINGLE_SIDED", modelIds: [l.candidate.id], promptSetId: l.set.id, dimensionKeys: ["overall"] },
      { createdById: l.researcher.id, status: "RUNNING" });
    expect((await ja.grading.queue()).find((s) => s.id === running.id)?.title).toBe("1つの回答を評価する");
  });
});
