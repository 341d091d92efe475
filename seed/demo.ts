// The demo generator: deterministic from a seed number, it fills an empty database with a study
// landscape like a published model evaluation — five models across two generations, prompts in
// eight locales and five categories (some with generated images), graders with locales, and
// studies in every state with synthetic judgments for the dashboards.
import type { Db } from "../server/db/client";
import { ensureBuiltInDimensions } from "../server/studies/service";
import { Canvas, type Rgb } from "./png";
import { createRng, type Rng } from "./rng";
import { voiceClip } from "./voice-clip";
import {
  DAYS, DEMO_CONVERSATIONS, DEMO_GRADERS, DEMO_IMAGE_MODELS, DEMO_LOCALES, DEMO_MODELS, DEMO_PASSWORD, DEMO_STAFF, DEMO_VOICE_LINES, DEMO_VOICE_MODELS, EVENTS,
  TEXT_CATEGORIES, TEXT_TEMPLATES,
  type DemoModelKey,
} from "./demo-content";
import { markControlItems, updateQualitySettings } from "../server/quality/repo";
import { makeLocale, makePrompt, makePromptSet, makeStudy, makeUser, simulateJudgments } from "./factories";

export interface DemoOptions {
  seed: number;
  textPromptsPerLocale: number;
  imagePromptsPerLocale: number;
  /** Adds a "Scale test" study with about this many judgment rows (for benchmarks). */
  extraJudgments?: number;
  log?: (line: string) => void;
}

export const DEFAULT_DEMO: DemoOptions = { seed: 2026, textPromptsPerLocale: 30, imagePromptsPerLocale: 10 };

export class DatabaseNotEmptyError extends Error {}

const PALETTE: Rgb[] = [[230, 97, 1], [94, 60, 153], [0, 114, 178], [0, 158, 115], [204, 121, 167]];
const COLOUR_NAMES = ["orange", "purple", "blue", "green", "pink"];

function fill(template: string, rng: Rng): string {
  return template
    .replaceAll("{a}", String(rng.int(3, 12)))
    .replaceAll("{b}", String(rng.int(2, 9)))
    .replaceAll("{h}", String(rng.int(6, 11)))
    .replaceAll("{day}", rng.pick(DAYS))
    .replaceAll("{event}", rng.pick(EVENTS));
}

/** A response whose quality (0..1) shows in its text: better ones are structured and complete. */
function responseText(prompt: string, quality: number, rng: Rng): string {
  const topic = prompt.split(/[.?:]/)[0].slice(0, 80);
  if (quality > 0.66) {
    return `Here is a complete answer to "${topic}".\n\n1. **Restate the task.** ${topic}.\n2. **Work it through.** Each step is checked before the next.\n3. **Result.** The answer follows directly from step 2.\n\nLet me know if you want more detail on any step.`;
  }
  if (quality > 0.33) return `${topic}: the answer follows from the usual approach. The main steps are covered, though some detail is left out.`;
  return rng.next() < 0.5 ? `I think the answer is probably around ${rng.int(2, 99)}, but I am not sure.` : `${topic}. This depends on many factors.`;
}

function barChart(rng: Rng): { png: Buffer; tallest: string; bars: number } {
  const bars = rng.int(3, 5);
  const canvas = new Canvas(360, 220, [250, 250, 250]);
  canvas.rect(20, 200, 320, 2, [60, 60, 60]);
  const heights = Array.from({ length: bars }, () => rng.int(30, 180));
  heights.forEach((h, i) => canvas.rect(30 + i * 62, 200 - h, 44, h, PALETTE[i]));
  const tallest = COLOUR_NAMES[heights.indexOf(Math.max(...heights))];
  // Exported with the metadata a real tool leaves behind, naming a model: Verdict must strip it before a grader sees the image.
  return { png: canvas.toPng({ Software: "Lumen Device 2026 chart export" }), tallest, bars };
}

/** Circles of one palette colour on a light background: an image model's output, or an edit's source. */
function circlesPicture(colour: number, count: number): Buffer {
  const canvas = new Canvas(240, 160, [248, 250, 252]);
  for (let i = 0; i < count; i++) canvas.circle(30 + i * 45, 60 + (i % 2) * 40, 18, PALETTE[colour]);
  return canvas.toPng();
}

function shapesPicture(rng: Rng): { png: Buffer; count: number; colour: string } {
  const canvas = new Canvas(360, 220, [245, 248, 255]);
  const colourIndex = rng.int(0, PALETTE.length - 1);
  const count = rng.int(2, 7);
  for (let i = 0; i < count; i++) canvas.circle(30 + ((i * 47) % 300), 50 + ((i * 83) % 130), rng.int(12, 22), PALETTE[colourIndex]);
  for (let i = 0; i < 3; i++) canvas.rect(rng.int(10, 320), rng.int(10, 190), 24, 24, [120, 120, 120]);
  return { png: canvas.toPng(), count, colour: COLOUR_NAMES[colourIndex] };
}

export async function seedDemo(db: Db, options: DemoOptions = DEFAULT_DEMO) {
  const log = options.log ?? (() => {});
  if ((await db.user.count()) > 0) {
    throw new DatabaseNotEmptyError("The database already has users; the demo is only seeded into an empty database.");
  }
  const rng = createRng(options.seed);
  await ensureBuiltInDimensions(db);
  for (const l of DEMO_LOCALES) await makeLocale(db, l.code, l.name, l.region);

  const [admin, researcher] = [await makeUser(db, { ...DEMO_STAFF[0], password: DEMO_PASSWORD }), await makeUser(db, { ...DEMO_STAFF[1], password: DEMO_PASSWORD })];
  const graders = [];
  for (const g of DEMO_GRADERS) graders.push({ ...(await makeUser(db, { ...g, role: "GRADER", password: DEMO_PASSWORD })), locales: g.locales });
  log(`users: ${2 + graders.length}`);

  const models = {} as Record<DemoModelKey, { id: string; name: string }>;
  for (const m of DEMO_MODELS) {
    models[m.key] = await db.model.create({ data: { name: m.name, family: m.family, generation: m.generation, notes: m.notes }, select: { id: true, name: true } });
  }
  // Latent quality per model (0..1), used to write better or worse responses.
  const quality: Record<DemoModelKey, number> = { deviceOld: 0.35, deviceNew: 0.6, serverOld: 0.4, serverNew: 0.75, serverPro: 0.85 };

  const textSet = await makePromptSet(db, { name: "General text 2026", description: "Multilingual everyday requests in five categories.", createdById: researcher.id });
  let n = 0;
  for (const locale of DEMO_LOCALES) {
    for (let i = 0; i < options.textPromptsPerLocale; i++) {
      const category = TEXT_CATEGORIES[i % TEXT_CATEGORIES.length];
      const text = fill(rng.pick(TEXT_TEMPLATES[category]), rng);
      await makePrompt(db, {
        promptSetId: textSet.id, externalId: `txt-${String(++n).padStart(4, "0")}`, text: `${text}\n\n_(Answer in ${locale.name}.)_`,
        localeCode: locale.code, category, modality: "TEXT",
        responses: DEMO_MODELS.map((m) => ({ modelId: models[m.key].id, text: responseText(text, quality[m.key] + rng.normal(0, 0.2), rng) })),
      });
    }
  }
  log(`text prompts: ${n}`);

  const imageSet = await makePromptSet(db, { name: "Image understanding 2026", description: "Charts and pictures generated for the demo.", createdById: researcher.id });
  let m = 0;
  for (const locale of DEMO_LOCALES) {
    for (let i = 0; i < options.imagePromptsPerLocale; i++) {
      const chart = i % 2 === 0;
      const picture = chart ? barChart(rng) : shapesPicture(rng);
      const text = chart ? "Which bar in this chart is the tallest, and roughly how does it compare to the others?" : "How many circles are in this picture, and what colour are they?";
      const truth = chart ? `The ${(picture as ReturnType<typeof barChart>).tallest} bar is the tallest.` : `There are ${(picture as ReturnType<typeof shapesPicture>).count} ${(picture as ReturnType<typeof shapesPicture>).colour} circles.`;
      await makePrompt(db, {
        promptSetId: imageSet.id, externalId: `img-${String(++m).padStart(4, "0")}`, text, localeCode: locale.code,
        category: chart ? "Charts" : "Scenes", modality: "IMAGE",
        images: [{ fileName: `${chart ? "chart" : "scene"}-${m}.png`, mimeType: "image/png", data: picture.png }],
        responses: DEMO_MODELS.map((mm) => ({ modelId: models[mm.key].id,
          text: quality[mm.key] + rng.normal(0, 0.2) > 0.5 ? `${truth} I read this directly from the image.` : "The image shows some coloured shapes; it is hard to say more." })),
      });
    }
  }
  log(`image prompts: ${m}`);

  // Conversations: each chat in each locale, the final turn answered well by the stronger model
  // more often than not.
  const chatSet = await makePromptSet(db, { name: "Multi-turn chats 2026", description: "Follow-up requests within a conversation.", createdById: researcher.id });
  let c = 0;
  for (const locale of DEMO_LOCALES) {
    for (const chat of DEMO_CONVERSATIONS) {
      const chart = chat.chart ? barChart(rng) : null;
      const fill = (text: string) => (chart ? text.replaceAll("{tallest}", chart.tallest) : text);
      await makePrompt(db, {
        promptSetId: chatSet.id, externalId: `chat-${String(++c).padStart(4, "0")}`, text: fill(chat.final),
        conversation: chat.turns.map((t) => ({ role: t.role, content: fill(t.content) })),
        turnImages: chart ? [{ turn: 0, fileName: `chat-chart-${c}.png`, mimeType: "image/png", data: chart.png }] : [],
        localeCode: locale.code, category: chat.category, modality: chart ? "IMAGE" : "TEXT",
        responses: DEMO_MODELS.map((mm) => ({ modelId: models[mm.key].id, text: fill(quality[mm.key] + rng.normal(0, 0.25) > 0.55 ? chat.good : chat.weak) })),
      });
    }
  }
  log(`conversation prompts: ${c}`);

  // Image generation and editing: each prompt asks for circles of a colour (or, for an edit, to
  // recolour the circles of a source image); the better model draws what was asked more often.
  const imageModels = {} as Record<(typeof DEMO_IMAGE_MODELS)[number]["key"], { id: string }>;
  for (const im of DEMO_IMAGE_MODELS) {
    imageModels[im.key] = await db.model.create({ data: { name: im.name, family: im.family, generation: im.generation, notes: im.notes }, select: { id: true } });
  }
  const imageQuality = { imageNew: 0.75, imageOld: 0.45 };
  const generationSet = await makePromptSet(db, { name: "Image generation 2026", description: "Pictures drawn and edited to a request.", createdById: researcher.id });
  let g = 0;
  for (const locale of DEMO_LOCALES.slice(0, 4)) {
    for (let i = 0; i < 4; i++) {
      const editing = i % 2 === 1;
      const colour = rng.int(0, PALETTE.length - 1);
      const count = rng.int(2, 5);
      const asked = { colour, count };
      const source = editing ? circlesPicture((colour + 2) % PALETTE.length, count) : null;
      const text = editing
        ? `Make every circle in this picture ${COLOUR_NAMES[colour]}; change nothing else.`
        : `Draw ${count} ${COLOUR_NAMES[colour]} circles on a light background.`;
      await makePrompt(db, {
        promptSetId: generationSet.id, externalId: `gen-${String(++g).padStart(4, "0")}`, text, localeCode: locale.code,
        category: editing ? "Editing" : "Generation",
        images: source ? [{ fileName: `source-${g}.png`, mimeType: "image/png", data: source }] : [],
        responses: DEMO_IMAGE_MODELS.map((im) => {
          const right = imageQuality[im.key] + rng.normal(0, 0.2) > 0.55;
          // A weaker drawing gets the colour or (for a new picture) the count wrong.
          const drawn = right ? asked : { colour: (colour + 1) % PALETTE.length, count: editing ? count : count + 1 };
          return { modelId: imageModels[im.key].id, text: "",
            images: [{ fileName: `${im.name}-${g}.png`, mimeType: "image/png", data: circlesPicture(drawn.colour, drawn.count) }] };
        }),
      });
    }
  }
  log(`image generation prompts: ${g}`);

  // Expressive voices: each line read by both voices, synthesised here (short clips, ~2 s). The
  // newer voice moves its pitch and stresses words; the older one is flatter and noisier.
  const voiceModels = {} as Record<(typeof DEMO_VOICE_MODELS)[number]["key"], { id: string }>;
  for (const vm of DEMO_VOICE_MODELS) {
    voiceModels[vm.key] = await db.model.create({ data: { name: vm.name, family: vm.family, generation: vm.generation, notes: vm.notes }, select: { id: true } });
  }
  const voiceSet = await makePromptSet(db, { name: "Expressive voices 2026", description: "Lines read aloud in a requested style.", createdById: researcher.id });
  let v = 0;
  for (const locale of DEMO_LOCALES.slice(0, 3)) {
    for (const line of DEMO_VOICE_LINES) {
      const syllables = 6 + rng.int(0, 4);
      await makePrompt(db, {
        promptSetId: voiceSet.id, externalId: `voice-${String(++v).padStart(4, "0")}`, text: line.text, localeCode: locale.code, category: line.category,
        responses: DEMO_VOICE_MODELS.map((vm) => {
          const clip = voiceClip(syllables, vm.style, rng);
          return { modelId: voiceModels[vm.key].id, text: "", audio: [{ fileName: `reading-${v}.wav`, mimeType: "audio/wav", data: clip.wav, durationMs: clip.durationMs }] };
        }),
      });
    }
  }
  log(`voice prompts: ${v}`);

  const studies = [
    { def: { name: "Device 2026 vs 2025 — text", graderTitle: "Everyday requests — on-device assistant", type: "SIDE_BY_SIDE" as const, modelIds: [models.deviceNew.id, models.deviceOld.id], promptSetId: textSet.id,
        dimensionKeys: ["overall", "instruction_following", "truthfulness", "presentation"], redundancy: 3,
        guidelines: "Compare the two responses as a user of an on-device assistant would.\n\n- Judge **each dimension separately**.\n- Prefer *about the same* when you cannot tell them apart." },
      status: "COMPLETED" as const, completion: 1, edge: 0.6 },
    { def: { name: "Server 2026 vs 2025 — text", graderTitle: "Everyday requests — cloud assistant", type: "SIDE_BY_SIDE" as const, modelIds: [models.serverNew.id, models.serverOld.id], promptSetId: textSet.id,
        dimensionKeys: ["overall", "instruction_following", "truthfulness", "presentation"], redundancy: 3,
        guidelines: "Compare the two responses for a general assistant running in the cloud.\n\nRead the whole prompt before either response." },
      status: "RUNNING" as const, completion: 0.7, edge: 1.1, qualityControl: true },
    { def: { name: "Device 2026 vs 2025 — image understanding", graderTitle: "Questions about images", type: "SIDE_BY_SIDE" as const, modelIds: [models.deviceNew.id, models.deviceOld.id], promptSetId: imageSet.id,
        dimensionKeys: ["overall", "image_understanding", "truthfulness", "presentation"], redundancy: 3,
        guidelines: "Look at the image first (click it to zoom), then judge whether each response describes it correctly." },
      status: "RUNNING" as const, completion: 0.5, edge: 0.4 },
    { def: { name: "Server models — single-sided", graderTitle: "Rate each answer on its own", type: "SINGLE_SIDED" as const, modelIds: [models.serverOld.id, models.serverNew.id, models.serverPro.id], promptSetId: textSet.id,
        dimensionKeys: ["overall", "instruction_following", "truthfulness", "presentation"], redundancy: 2,
        guidelines: "Score each response on its own, from 1 (very poor) to 5 (excellent)." },
      status: "RUNNING" as const, completion: 0.8, edge: 0 },
    // Every model against every other: one balanced random pair per prompt, for the leaderboard.
    { def: { name: "All five models — head to head", graderTitle: "Which answer is better?", type: "SIDE_BY_SIDE" as const,
        modelIds: DEMO_MODELS.map((m) => models[m.key].id), pairing: "balanced_random" as const, pairingSeed: 2026, promptSetId: textSet.id,
        dimensionKeys: ["overall", "instruction_following", "truthfulness", "presentation"], redundancy: 3,
        guidelines: "Compare the two responses. The pair of assistants changes from one prompt to the next." },
      status: "RUNNING" as const, completion: 0.9, edge: 0,
      strength: { [models.deviceOld.id]: 0, [models.deviceNew.id]: 0.5, [models.serverOld.id]: 0.8, [models.serverNew.id]: 1.4, [models.serverPro.id]: 1.7 } },
    { def: { name: "Server 2026 vs 2025 — conversations", graderTitle: "Follow-up requests in a chat", type: "SIDE_BY_SIDE" as const, modelIds: [models.serverNew.id, models.serverOld.id], promptSetId: chatSet.id,
        dimensionKeys: ["overall", "instruction_following", "truthfulness"], redundancy: 2,
        guidelines: "Read the conversation so far, then judge which reply answers the **last user turn** better, keeping what was said before in mind." },
      status: "RUNNING" as const, completion: 0.4, edge: 0.8 },
    { def: { name: "Prism Image 2026 vs 2025 — generation and editing", graderTitle: "Pictures made to a request", type: "SIDE_BY_SIDE" as const,
        modelIds: [imageModels.imageNew.id, imageModels.imageOld.id], promptSetId: generationSet.id,
        dimensionKeys: ["overall", "prompt_alignment", "visual_quality", "edit_faithfulness"], redundancy: 2,
        guidelines: "Compare the two pictures at the same zoom. For an edit, check the change against the **source image** and that nothing else moved." },
      status: "RUNNING" as const, completion: 0.3, edge: 0.7 },
    { def: { name: "Vox 2026 vs 2025 — expressive reading", graderTitle: "Which voice reads it better?", type: "SIDE_BY_SIDE" as const,
        modelIds: [voiceModels.voiceNew.id, voiceModels.voiceOld.id], promptSetId: voiceSet.id,
        dimensionKeys: ["overall", "naturalness", "expressiveness", "intelligibility", "audio_quality"], redundancy: 2, requireFullListen: true,
        guidelines: "Listen to **both clips in full** (press **P** to play one after the other), then judge how each voice reads the line in the style asked." },
      status: "RUNNING" as const, completion: 0.3, edge: 0.9 },
    { def: { name: "Vox voices — mean opinion score", graderTitle: "Rate each voice on its own", type: "SINGLE_SIDED" as const,
        modelIds: [voiceModels.voiceOld.id, voiceModels.voiceNew.id], promptSetId: voiceSet.id,
        dimensionKeys: ["naturalness", "audio_quality", "overall"], redundancy: 2, requireFullListen: true,
        guidelines: "Listen to the clip in full, then score it from 1 (bad) to 5 (excellent): a mean opinion score." },
      status: "RUNNING" as const, completion: 0.3, edge: 0 },
    { def: { name: "Server Pro vs Server 2026 — draft", graderTitle: "Maths and reasoning", type: "SIDE_BY_SIDE" as const, modelIds: [models.serverPro.id, models.serverNew.id], promptSetId: textSet.id,
        filters: { categories: ["Math", "Reasoning"] }, dimensionKeys: ["overall", "instruction_following", "truthfulness"], redundancy: 3,
        guidelines: "Focus on correctness of the reasoning." },
      status: "DRAFT" as const, completion: 0, edge: 0 },
  ];
  const scores = { [models.serverOld.id]: 2.9, [models.serverNew.id]: 3.7, [models.serverPro.id]: 4.0, [voiceModels.voiceOld.id]: 2.6, [voiceModels.voiceNew.id]: 3.9 };
  const summary: { name: string; status: string; judgments: number }[] = [];
  for (const s of studies) {
    const study = await makeStudy(db, s.def, { createdById: researcher.id, status: s.status });
    // One study shows quality control at work: two careless graders to find, and gold items.
    const careless = "qualityControl" in s ? { [graders[1].id]: "always-left" as const, [graders[4].id]: "too-fast" as const } : undefined;
    const sim = s.completion > 0
      ? await simulateJudgments(db, study.id, { rng, graders, completion: s.completion, candidateEdge: s.edge, quality: scores, careless,
        strength: "strength" in s ? s.strength : undefined })
      : { judgments: 0 };
    if ("qualityControl" in s) await seedQualityControl(db, study.id);
    summary.push({ name: s.def.name, status: s.status, judgments: sim.judgments });
    log(`study "${s.def.name}" (${s.status}): ${study.items} items, ${sim.judgments} judgments`);
  }

  if (options.extraJudgments) summary.push(await seedScaleStudy(db, rng, graders, models.serverNew.id, models.serverOld.id, options.extraJudgments, log));
  return { adminId: admin.id, researcherId: researcher.id, studies: summary };
}

/**
 * Gold items for the demo's quality-control study: the first text prompt of each locale whose
 * candidate response is the better one by construction is marked gold with an expected answer.
 */
async function seedQualityControl(db: Db, studyId: string) {
  const items = await db.item.findMany({ where: { studyId }, orderBy: { prompt: { externalId: "asc" } }, select: { id: true, localeCode: true } });
  const firstPerLocale = new Map<string, string>();
  for (const i of items) if (!firstPerLocale.has(i.localeCode)) firstPerLocale.set(i.localeCode, i.id);
  const overall = await db.dimension.findUniqueOrThrow({ where: { key: "overall" }, select: { id: true } });
  await db.$transaction((tx) => markControlItems(tx, studyId, [...firstPerLocale.values()].map((itemId) => ({
    itemId, kind: "GOLD" as const, explanation: "The candidate answers every part of the request; the other response leaves parts out.",
    expectations: [{ dimensionId: overall.id, verdict: "CANDIDATE" as const, scoreMin: null, scoreMax: null }],
  }))));
  await updateQualitySettings(db, studyId, { goldRate: 0.1, requireQualification: false, qualificationPassRate: 0.8, minTaskSeconds: 15 });
}

/** A large side-by-side study for benchmarks: enough prompts that k=3 graders × 4 dimensions reach the target. */
async function seedScaleStudy(
  db: Db, rng: Rng, graders: { id: string; locales: string[] }[], candidateId: string, baselineId: string, judgments: number, log: (l: string) => void,
) {
  const prompts = Math.ceil(judgments / 12);
  const set = await makePromptSet(db, { name: `Scale test ${prompts} prompts` });
  const CHUNK = 1000;
  for (let start = 0; start < prompts; start += CHUNK) {
    const batch = Array.from({ length: Math.min(CHUNK, prompts - start) }, (_, i) => {
      const locale = DEMO_LOCALES[(start + i) % DEMO_LOCALES.length];
      return { id: `scale-${start + i}`, promptSetId: set.id, externalId: `s-${start + i}`, text: `Scale prompt ${start + i}`,
        localeCode: locale.code, category: TEXT_CATEGORIES[(start + i) % TEXT_CATEGORIES.length], modality: "TEXT" as const };
    });
    await db.prompt.createMany({ data: batch });
    await db.response.createMany({ data: batch.flatMap((p) => [
      { promptId: p.id, modelId: candidateId, text: "Candidate answer." }, { promptId: p.id, modelId: baselineId, text: "Baseline answer." }]) });
  }
  const study = await makeStudy(db, { name: "Scale test", type: "SIDE_BY_SIDE", modelIds: [candidateId, baselineId], promptSetId: set.id,
    dimensionKeys: ["overall", "instruction_following", "truthfulness", "presentation"], redundancy: 3 }, { status: "COMPLETED" });
  const sim = await simulateJudgments(db, study.id, { rng, graders, completion: 1, candidateEdge: 0.5 });
  log(`study "Scale test": ${study.items} items, ${sim.judgments} judgments`);
  return { name: "Scale test", status: "COMPLETED", judgments: sim.judgments };
}
