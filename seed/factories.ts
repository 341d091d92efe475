// Factories shared by the demo seed, the tests and the benchmarks: every piece of data Verdict
// needs, built through the same code paths the app uses where one exists.
import { createHash } from "node:crypto";
import type { Db } from "../server/db/client";
import { hashPassword } from "../server/auth/password";
import type { Role } from "../server/auth/domain/roles";
import { storedConversation, type Turn } from "../server/imports/domain/conversation";
import { createStudy, ensureBuiltInDimensions, setStudyStatus } from "../server/studies/service";
import type { TStudyDefinition } from "../server/studies/schema";
import { ZStudyDefinition } from "../server/studies/schema";
import type { StudyStatus } from "../server/studies/domain/study-status";
import { DIMENSION_SCOPE_FIELDS, dimensionApplies, modalityOf, type Modality } from "../server/studies/domain/modality";
import type { Rng } from "./rng";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++counter).toString(36)}`;

export async function makeLocale(db: Db, code: string, name = code, region = "Other") {
  return db.locale.upsert({ where: { code }, create: { code, name, region }, update: {} });
}

export interface UserSpec {
  email?: string;
  displayName?: string;
  role: Role;
  locales?: string[];
  password?: string | null;
  active?: boolean;
}

export async function makeUser(db: Db, spec: UserSpec) {
  for (const code of spec.locales ?? []) await makeLocale(db, code);
  const email = spec.email ?? `${unique(spec.role.toLowerCase())}@test.verdict`;
  const password = spec.password === undefined ? "correct horse battery" : spec.password;
  return db.user.create({
    data: {
      email, displayName: spec.displayName ?? email.split("@")[0], role: spec.role, active: spec.active ?? true,
      passwordHash: password === null ? null : await hashPassword(password),
      locales: { create: (spec.locales ?? []).map((localeCode, position) => ({ localeCode, position })) },
    },
    select: { id: true, email: true, displayName: true, role: true },
  });
}

export async function makeModel(db: Db, spec: { name?: string; family?: string; generation?: string; notes?: string } = {}) {
  return db.model.create({
    data: { name: spec.name ?? unique("model"), family: spec.family ?? "Test family", generation: spec.generation ?? null, notes: spec.notes ?? null },
  });
}

export async function makePromptSet(db: Db, spec: { name?: string; description?: string; createdById?: string } = {}) {
  return db.promptSet.create({ data: { name: spec.name ?? unique("prompt-set"), description: spec.description ?? null, createdById: spec.createdById ?? null } });
}

export interface PromptSpec {
  promptSetId: string;
  externalId?: string;
  text?: string;
  localeCode: string;
  category?: string;
  /** by default from the media given: the prompt's images or audio, and the responses' */
  modality?: Modality;
  images?: { fileName: string; mimeType: string; data: Buffer }[];
  /** the prompt's audio clips (a spoken request) */
  audio?: FactoryClip[];
  /** earlier turns of a conversation; `text` is then the final user turn */
  conversation?: Turn[];
  /** images of earlier turns, each with its turn's index */
  turnImages?: { turn: number; fileName: string; mimeType: string; data: Buffer }[];
  /** each model's response: text, and images for an image model's output or audio for a voice */
  responses: { modelId: string; text: string; images?: { fileName: string; mimeType: string; data: Buffer }[]; audio?: FactoryClip[] }[];
}

export interface FactoryClip { fileName: string; mimeType: string; data: Buffer; durationMs: number }
type FactoryMedia = { fileName: string; mimeType: string; data: Buffer; turn: number | null; durationMs?: number };

/** Stored attachment rows for images and clips in the order given. */
const attachmentRows = (media: FactoryMedia[]) => media.map(({ turn, ...m }, position) => ({ fileName: m.fileName, mimeType: m.mimeType,
  data: new Uint8Array(m.data), byteSize: m.data.length, position, turn, durationMs: m.durationMs ?? null,
  sha256: createHash("sha256").update(m.data).digest("hex") }));

/** The modality the media make: what the prompt carries, then what the responses are (as an import settles it). */
function modalityOfSpec(spec: PromptSpec): Modality {
  const prompt = spec.images?.length || spec.turnImages?.length ? "IMAGE" : spec.audio?.length ? "AUDIO" : "TEXT";
  const response = spec.responses.some((r) => r.audio?.length) ? "AUDIO" : spec.responses.some((r) => r.images?.length) ? "IMAGE" : "TEXT";
  return modalityOf(prompt, response);
}

export async function makePrompt(db: Db, spec: PromptSpec) {
  await makeLocale(db, spec.localeCode);
  return db.prompt.create({
    data: {
      promptSetId: spec.promptSetId, externalId: spec.externalId ?? unique("p"), text: spec.text ?? "Say hello.",
      conversation: storedConversation(spec.conversation ?? []),
      localeCode: spec.localeCode, category: spec.category ?? "General", modality: spec.modality ?? modalityOfSpec(spec),
      attachments: { create: attachmentRows([...(spec.images ?? []).map((img) => ({ ...img, turn: null })), ...(spec.audio ?? []).map((c) => ({ ...c, turn: null })),
        ...(spec.turnImages ?? [])]) },
      responses: { create: spec.responses.map(({ images, audio, ...r }) => ({ ...r,
        attachments: { create: attachmentRows([...(images ?? []), ...(audio ?? [])].map((m) => ({ ...m, turn: null }))) } })) },
    },
    select: { id: true, externalId: true },
  });
}

export async function makeStudy(
  db: Db,
  spec: Partial<TStudyDefinition> & Pick<TStudyDefinition, "type" | "modelIds" | "promptSetId">,
  opts: { createdById?: string | null; status?: StudyStatus } = {},
) {
  await ensureBuiltInDimensions(db);
  const def = ZStudyDefinition.parse({
    name: unique("study"), redundancy: 3,
    dimensionKeys: ["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"],
    ...spec,
  });
  const study = await createStudy(db, opts.createdById ?? null, def);
  const path: Record<StudyStatus, StudyStatus[]> = { DRAFT: [], RUNNING: ["RUNNING"], PAUSED: ["RUNNING", "PAUSED"], COMPLETED: ["RUNNING", "COMPLETED"] };
  for (const s of path[opts.status ?? "DRAFT"]) await setStudyStatus(db, opts.createdById ?? null, study.id, s, new Date());
  return study;
}

export interface SimulationSpec {
  rng: Rng;
  /** Graders with their locales; each item is judged by up to k of those who share its locale. */
  graders: { id: string; locales: string[] }[];
  /** Share of items that receive their judgments (the rest stay open for live grading). */
  completion: number;
  /** Side-by-side: mean latent preference for the candidate (in scale points). Single-sided: quality by model id. */
  candidateEdge?: number;
  /** Side-by-side of several models: each model's latent strength (scale points); a pair's edge is A's minus B's. */
  strength?: Record<string, number>;
  quality?: Record<string, number>;
  /** Graders who work carelessly, by id: random answers, always the left response, or far too fast (one answer everywhere, ~2 s). */
  careless?: Record<string, "random" | "always-left" | "too-fast">;
  now?: Date;
}

/**
 * Fills a study with plausible synthetic judgments: assignments, one judgment per applicable
 * dimension, and item counters, as if graders had worked through it. Written in bulk.
 */
export async function simulateJudgments(db: Db, studyId: string, spec: SimulationSpec) {
  const study = await db.study.findUniqueOrThrow({
    where: { id: studyId },
    select: { type: true, redundancy: true,
      dimensions: { select: { dimensionId: true, dimension: { select: DIMENSION_SCOPE_FIELDS } } },
      items: { select: { id: true, localeCode: true, response: { select: { modelId: true } }, baselineResponse: { select: { modelId: true } }, prompt: { select: { modality: true } } } } },
  });
  const { rng } = spec;
  const now = spec.now ?? new Date();
  const assignments: { id: string; studyId: string; itemId: string; graderId: string; status: "SUBMITTED"; candidateSide: "LEFT" | "RIGHT" | null; leasedAt: Date; expiresAt: Date; submittedAt: Date }[] = [];
  const judgments: { studyId: string; itemId: string; assignmentId: string; graderId: string; dimensionId: string; preference: number | null; score: number | null; candidateSide: "LEFT" | "RIGHT" | null; timeSpentMs: number; submittedAt: Date }[] = [];
  const counts = new Map<string, number>();
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v)));
  let seq = 0;
  for (const item of study.items) {
    if (rng.next() >= spec.completion) continue;
    const pool = rng.shuffle(spec.graders.filter((g) => g.locales.includes(item.localeCode)));
    const chosen = pool.slice(0, study.redundancy);
    const dims = study.dimensions.filter((d) => dimensionApplies(d.dimension, item.prompt.modality));
    // A per-item latent: some prompts favour the candidate more than others, shared by its graders.
    const edge = spec.strength && item.baselineResponse
      ? (spec.strength[item.response.modelId] ?? 0) - (spec.strength[item.baselineResponse.modelId] ?? 0) : spec.candidateEdge ?? 0.5;
    const itemEffect = study.type === "SIDE_BY_SIDE" ? rng.normal(edge, 1) : rng.normal(0, 0.5);
    for (const grader of chosen) {
      const id = `sim${studyId.slice(-6)}${(++seq).toString(36)}${Math.floor(rng.next() * 1e9).toString(36)}`;
      const side = study.type === "SIDE_BY_SIDE" ? (rng.next() < 0.5 ? "LEFT" : "RIGHT") : null;
      const submittedAt = new Date(now.getTime() - rng.int(0, 14 * 24 * 3600) * 1000);
      assignments.push({ id, studyId, itemId: item.id, graderId: grader.id, status: "SUBMITTED", candidateSide: side,
        leasedAt: new Date(submittedAt.getTime() - 120_000), expiresAt: new Date(submittedAt.getTime() + 1_080_000), submittedAt });
      const careless = spec.careless?.[grader.id];
      const timeSpentMs = careless === "too-fast" ? rng.int(1500, 3000) : Math.round(Math.exp(rng.normal(Math.log(75_000), 0.5)));
      const sideBySide = study.type === "SIDE_BY_SIDE";
      const everywhere = sideBySide ? rng.int(-3, 3) : rng.int(1, 5);
      for (const d of dims) {
        const quality = spec.quality?.[item.response.modelId] ?? 3.4;
        let preference = sideBySide ? clamp(rng.normal(itemEffect, 1.2), -3, 3) : null;
        let score = !sideBySide ? clamp(rng.normal(quality + itemEffect, 0.8), 1, 5) : null;
        if (careless === "random") [preference, score] = sideBySide ? [rng.int(-3, 3), null] : [null, rng.int(1, 5)];
        // "Response 1 (left) much better", stored in the candidate's terms.
        if (careless === "always-left" && sideBySide) preference = side === "LEFT" ? 2 : -2;
        if (careless === "too-fast") [preference, score] = sideBySide ? [everywhere, null] : [null, everywhere];
        judgments.push({
          studyId, itemId: item.id, assignmentId: id, graderId: grader.id, dimensionId: d.dimensionId, candidateSide: side,
          timeSpentMs, submittedAt, preference, score,
        });
      }
    }
    counts.set(item.id, chosen.length);
  }
  const CHUNK = 2000;
  await db.$transaction(async (tx) => {
    for (let i = 0; i < assignments.length; i += CHUNK) await tx.assignment.createMany({ data: assignments.slice(i, i + CHUNK) });
    for (let i = 0; i < judgments.length; i += CHUNK) await tx.judgment.createMany({ data: judgments.slice(i, i + CHUNK) });
    const byCount = new Map<number, string[]>();
    for (const [itemId, n] of counts) byCount.set(n, [...(byCount.get(n) ?? []), itemId]);
    for (const [n, ids] of byCount) {
      for (let i = 0; i < ids.length; i += 500) await tx.item.updateMany({ where: { id: { in: ids.slice(i, i + 500) } }, data: { submittedCount: n } });
    }
  }, { timeout: 600_000, maxWait: 60_000 });
  return { assignments: assignments.length, judgments: judgments.length };
}

export interface GradedStudySpec {
  rng: Rng;
  prompts: number;
  graders: number;
  dimensionKeys: string[];
  /** The prompts' locale (name and region as makeLocale's) and category. */
  locale: { code: string; name: string; region: string };
  category: string;
}

/**
 * A running side-by-side study of two models (Ada against Bo) on `prompts` prompts in one locale
 * and category, every item judged by k = 3 of `graders` graders of that locale (simulateJudgments):
 * the small study many integration tests start from.
 */
export async function makeGradedSideBySideStudy(db: Db, spec: GradedStudySpec) {
  await makeLocale(db, spec.locale.code, spec.locale.name, spec.locale.region);
  const models = [await makeModel(db, { name: "Ada" }), await makeModel(db, { name: "Bo" })];
  const set = await makePromptSet(db);
  for (let p = 0; p < spec.prompts; p++) {
    await makePrompt(db, { promptSetId: set.id, localeCode: spec.locale.code, category: spec.category, responses: models.map((m) => ({ modelId: m.id, text: `${m.name} on ${p}` })) });
  }
  const graders = [];
  for (let g = 0; g < spec.graders; g++) graders.push({ id: (await makeUser(db, { role: "GRADER", locales: [spec.locale.code] })).id, locales: [spec.locale.code] });
  const study = await makeStudy(db, { type: "SIDE_BY_SIDE", modelIds: models.map((m) => m.id), promptSetId: set.id, dimensionKeys: spec.dimensionKeys }, { status: "RUNNING" });
  await simulateJudgments(db, study.id, { rng: spec.rng, graders, completion: 1 });
  return { studyId: study.id, graderIds: graders.map((g) => g.id), modelIds: models.map((m) => m.id), promptSetId: set.id };
}
