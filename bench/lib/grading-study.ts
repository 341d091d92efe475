// The study grading benchmarks load: graders with one locale, a side-by-side study of `items`
// text prompts with two models' responses, four dimensions, k = 3, running.
import { makeModel, makePromptSet, makeStudy, makeUser } from "../../seed/factories";
import type { Db } from "../../server/db/client";
import { markControlItems, updateQualitySettings } from "../../server/quality/repo";

export const BENCH_PASSWORD = "bench password 1";
export const BENCH_DIMENSIONS = ["overall", "instruction_following", "truthfulness", "presentation"];

/** With goldRate > 0, one item in twenty becomes a gold item (expected: A better overall) and graders get them at that rate. */
export async function setUpGradingStudy(db: Db, o: { graders: number; items: number; leaseMinutes?: number; goldRate?: number }) {
  const graders = [];
  for (let i = 0; i < o.graders; i++) graders.push(await makeUser(db, { role: "GRADER", email: `g${i}@bench.verdict`, locales: ["en-US"], password: BENCH_PASSWORD }));
  const [a, b] = [await makeModel(db, { name: "Bench A" }), await makeModel(db, { name: "Bench B" })];
  const set = await makePromptSet(db, { name: "Bench prompts" });
  const prompts = Array.from({ length: o.items }, (_, i) => ({ id: `bp${i}`, promptSetId: set.id, externalId: `bp${i}`, text: `Benchmark prompt ${i}: explain something in **markdown**.`, localeCode: "en-US", category: ["Math", "Writing"][i % 2], modality: "TEXT" as const }));
  for (let i = 0; i < prompts.length; i += 1000) {
    const batch = prompts.slice(i, i + 1000);
    await db.prompt.createMany({ data: batch });
    await db.response.createMany({ data: batch.flatMap((p) => [{ promptId: p.id, modelId: a.id, text: "Answer one. ".repeat(40) }, { promptId: p.id, modelId: b.id, text: "Answer two. ".repeat(40) }]) });
  }
  const study = await makeStudy(db, { name: "Bench study", type: "SIDE_BY_SIDE", modelIds: [a.id, b.id], promptSetId: set.id, redundancy: 3,
    leaseMinutes: o.leaseMinutes ?? 20, dimensionKeys: BENCH_DIMENSIONS }, { status: "RUNNING" });
  if (o.goldRate) {
    const overall = await db.dimension.findUniqueOrThrow({ where: { key: "overall" }, select: { id: true } });
    const items = await db.item.findMany({ where: { studyId: study.id }, select: { id: true } });
    const gold = items.filter((_, i) => i % 20 === 0).map((i) => i.id);
    await db.$transaction((tx) => markControlItems(tx, study.id, gold.map((itemId) => ({ itemId, kind: "GOLD" as const, explanation: "A answers the question.",
      expectations: [{ dimensionId: overall.id, verdict: "CANDIDATE" as const, scoreMin: null, scoreMax: null }] }))), { timeout: 120_000 });
    await updateQualitySettings(db, study.id, { goldRate: o.goldRate, requireQualification: false, qualificationPassRate: 0.8, minTaskSeconds: 0 });
  }
  return { graders, studyId: study.id };
}

/** Logs a bench grader in over HTTP; returns the session cookie. */
export async function benchLogin(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/trpc/auth.login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ json: { email, password: BENCH_PASSWORD } }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}
