import { randomInt } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { mulberry32 } from "../analytics/domain/seeded-random";
import { recordAudit } from "../audit/repo";
import { studyCompleted } from "../webhooks/service";
import type { Db } from "../db/client";
import { IdBlocks } from "../db/id-blocks";
import { isUniqueViolation } from "../db/errors";
import { planStudyItems } from "./domain/plan-study-items";
import { transitionError, type StudyStatus } from "./domain/study-status";
import { BUILTIN_DIMENSIONS } from "./builtin-dimensions";
import { graderFacingTitle } from "./domain/grader-title";
import * as repo from "./repo";
import type { TDimensionInput, TStudyDefinition } from "./schema";

async function loadPlan(db: Db, def: TStudyDefinition) {
  const [models, dimensions, promptSet] = await Promise.all([
    repo.findModels(db, def.modelIds), repo.findDimensions(db, def.dimensionKeys), repo.findPromptSet(db, def.promptSetId),
  ]);
  if (models.length !== def.modelIds.length) throw new TRPCError({ code: "BAD_REQUEST", message: "One of the chosen models does not exist." });
  const missingDims = def.dimensionKeys.filter((k) => !dimensions.some((d) => d.key === k));
  if (missingDims.length) throw new TRPCError({ code: "BAD_REQUEST", message: `Unknown dimension: ${missingDims.join(", ")}` });
  if (!promptSet) throw new TRPCError({ code: "BAD_REQUEST", message: "The chosen prompt set does not exist." });
  const prompts = await repo.promptsWithResponses(db, def.promptSetId, def.modelIds);
  const pairing = def.type === "SIDE_BY_SIDE" && def.modelIds.length > 2 ? def.pairing : undefined;
  const plan = planStudyItems(prompts, { type: def.type, modelIds: def.modelIds, pairing,
    rng: pairing === "balanced_random" ? mulberry32(def.pairingSeed ?? 0) : undefined }, def.filters);
  const dimensionIds = def.dimensionKeys.map((k) => dimensions.find((d) => d.key === k)!.id);
  const locales = [...new Set(plan.items.map((i) => i.localeCode))].sort();
  return { plan, dimensionIds, locales, promptSet, models };
}

/** What creating this study would do, without doing it (the wizard shows it before "Create"). */
export async function previewStudy(db: Db, def: TStudyDefinition) {
  const { plan, locales } = await loadPlan(db, withPairingSeed(def));
  return { items: plan.items.length, prompts: new Set(plan.items.map((i) => i.promptId)).size, locales,
    filteredOut: plan.filteredOut, missingResponses: plan.missingResponses, judgmentsWanted: plan.items.length * def.redundancy };
}

/** A balanced random pairing without a seed gets one here, recorded with the study. */
function withPairingSeed(def: TStudyDefinition): TStudyDefinition {
  const multi = def.type === "SIDE_BY_SIDE" && def.modelIds.length > 2;
  if (!multi) return { ...def, pairing: undefined, pairingSeed: undefined };
  if (def.pairing !== "balanced_random") return { ...def, pairingSeed: undefined };
  return { ...def, pairingSeed: def.pairingSeed ?? randomInt(2 ** 31 - 1) };
}

export async function createStudy(db: Db, actorId: string | null, input: TStudyDefinition) {
  const def = withPairingSeed(input);
  const { plan, dimensionIds, locales, promptSet, models } = await loadPlan(db, def);
  if (plan.items.length === 0) {
    const names = def.modelIds.map((id) => models.find((m) => m.id === id)!.name).join(def.modelIds.length > 2 ? ", " : " and ");
    throw new TRPCError({ code: "BAD_REQUEST",
      message: `No prompt in "${promptSet.name}" matches the filters and has responses from ${names}; nothing to grade.` });
  }
  try {
    const study = await repo.insertStudy(db, def, dimensionIds, locales, plan.items, actorId);
    await recordAudit(db, { actorId, action: "study.create", entityType: "Study", entityId: study.id,
      details: { name: def.name, type: def.type, items: plan.items.length, ...(def.pairing ? { pairing: def.pairing, pairingSeed: def.pairingSeed ?? null } : {}),
        ...(def.type === "SIDE_BY_SIDE" ? { verdictRule: def.verdictRule } : {}) } });
    return { ...study, items: plan.items.length };
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: "CONFLICT", message: `A study named "${def.name}" already exists.` });
    throw error;
  }
}

export async function setStudyStatus(db: Db, actorId: string | null, studyId: string, status: StudyStatus, now: Date) {
  const study = await repo.findStudyStatus(db, studyId);
  if (!study) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  const problem = transitionError(study.status, status);
  if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
  const updated = await repo.setStatus(db, studyId, status, now);
  await recordAudit(db, { actorId, action: "study.status", entityType: "Study", entityId: studyId, details: { from: study.status, to: status } });
  // Its webhooks hear of the completion (sent by the delivery worker, server/webhooks/scheduler.ts).
  if (status === "COMPLETED") await studyCompleted(db, studyId, now);
  return updated;
}

export async function listStudies(db: Db) {
  const studies = await repo.listStudies(db);
  const submitted = await repo.submittedByStudy(db, studies.map((s) => s.id));
  return studies.map((s) => ({ ...s, submitted: submitted.get(s.id) ?? 0, wanted: s._count.items * s.redundancy }));
}

/** Name, type, status and settings: what every page of a study shows in its header. */
export async function getStudyHeader(db: Db, studyId: string) {
  const study = await repo.getStudyHeader(db, studyId);
  if (!study) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  // What graders see in place of the name, so the researcher can check it.
  return { ...study, graderTitle: graderFacingTitle(study) };
}

export async function getStudy(db: Db, studyId: string) {
  const study = await repo.getStudy(db, studyId);
  if (!study) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  const byLocale = await repo.progressByLocale(db, studyId);
  const submitted = byLocale.reduce((sum, l) => sum + l.submitted, 0);
  return { ...study, submitted, wanted: study._count.items * study.redundancy,
    byLocale: byLocale.map((l) => ({ ...l, wanted: l.items * study.redundancy })) };
}

export const listDimensions = (db: Db) => repo.listDimensions(db);

export async function createDimension(db: Db, actorId: string, input: TDimensionInput) {
  try {
    const dim = await repo.createDimension(db, await new IdBlocks(db).take(), input);
    await recordAudit(db, { actorId, action: "dimension.create", entityType: "Dimension", entityId: dim.id, details: input });
    return dim;
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: "CONFLICT", message: `A dimension with key "${input.key}" already exists.` });
    throw error;
  }
}

/**
 * Creates or refreshes the built-in dimensions; run after every migration, harmless to repeat.
 * A dimension's id is stored in each of its judgments' rows and indexes: new ones get compact ids
 * (server/db/id-blocks.ts), drawn only when one is missing.
 */
export async function ensureBuiltInDimensions(db: Db): Promise<void> {
  const stored = new Set((await repo.findDimensions(db, BUILTIN_DIMENSIONS.map((d) => d.key))).map((d) => d.key));
  const ids = new IdBlocks(db);
  for (const d of BUILTIN_DIMENSIONS) await repo.upsertBuiltInDimension(db, d, stored.has(d.key) ? undefined : await ids.take());
}
