// A small study landscape for integration tests, built with the seed factories.
import { makeModel, makePrompt, makePromptSet, makeUser } from "../../seed/factories";
import type { Db } from "../db/client";
import { asSessionUser } from "./caller";

export async function smallLandscape(db: Db, opts: { promptsPerLocale?: number; locales?: string[]; image?: boolean } = {}) {
  const locales = opts.locales ?? ["en-US", "ja-JP"];
  const researcher = asSessionUser(await makeUser(db, { role: "RESEARCHER" }));
  const candidate = await makeModel(db, { name: `Candidate ${Math.random().toString(36).slice(2, 8)}` });
  const baseline = await makeModel(db, { name: `Baseline ${Math.random().toString(36).slice(2, 8)}` });
  const set = await makePromptSet(db);
  const prompts = [];
  for (const localeCode of locales) {
    for (let i = 0; i < (opts.promptsPerLocale ?? 3); i++) {
      prompts.push(await makePrompt(db, {
        promptSetId: set.id, localeCode, category: i % 2 ? "Math" : "Writing", text: `Prompt ${localeCode} ${i}`,
        modality: opts.image && i === 0 ? "IMAGE" : "TEXT",
        images: opts.image && i === 0 ? [{ fileName: "chart.png", mimeType: "image/png", data: Buffer.from("89504e47", "hex") }] : [],
        responses: [{ modelId: candidate.id, text: `Answer ${i}, version x` }, { modelId: baseline.id, text: `Answer ${i}, version y` }],
      }));
    }
  }
  return { researcher, candidate, baseline, set, prompts, locales };
}

export async function makeGrader(db: Db, locales: string[]) {
  return asSessionUser(await makeUser(db, { role: "GRADER", locales }), locales);
}
