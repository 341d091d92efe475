import type { Db, Tx } from "../db/client";
import type { DimensionDefinition } from "./builtin-dimensions";
import type { PlannedItem } from "./domain/plan-study-items";
import { DIMENSION_SCOPE_FIELDS } from "./domain/modality";
import { SCALES } from "./domain/scales";
import type { StudyStatus } from "./domain/study-status";
import type { TDimensionInput, TStudyDefinition } from "./schema";

export const findModels = (db: Db, ids: string[]) =>
  db.model.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });

export const findDimensions = (db: Db, keys: string[]) =>
  db.dimension.findMany({ where: { key: { in: keys } }, select: { id: true, key: true } });

export const listDimensions = (db: Db) => db.dimension.findMany({ orderBy: [{ builtIn: "desc" }, { key: "asc" }] });

/** `id`: the id for a dimension not stored yet (a compact id, IdBlocks). */
export const upsertBuiltInDimension = (db: Db, d: DimensionDefinition, id: string | undefined) =>
  db.dimension.upsert({ where: { key: d.key }, create: { id, ...d, builtIn: true }, update: { ...d, builtIn: true } });

export const createDimension = (db: Db, id: string, data: TDimensionInput) => db.dimension.create({ data: { id, ...data } });

export const findPromptSet = (db: Db, id: string) => db.promptSet.findUnique({ where: { id }, select: { id: true, name: true } });

export const promptsWithResponses = (db: Db, promptSetId: string, modelIds: string[]) =>
  db.prompt.findMany({
    where: { promptSetId },
    orderBy: { externalId: "asc" },
    select: { id: true, localeCode: true, category: true, modality: true,
      responses: { where: { modelId: { in: modelIds } }, select: { id: true, modelId: true } } },
  });

export async function insertStudy(
  db: Db, def: TStudyDefinition, dimensionIds: string[], locales: string[], items: PlannedItem[], createdById: string | null,
) {
  const scale = SCALES[def.type];
  return db.$transaction(async (tx) => {
    const study = await tx.study.create({
      data: {
        name: def.name, graderTitle: def.graderTitle, type: def.type, redundancy: def.redundancy, leaseMinutes: def.leaseMinutes,
        guidelines: def.guidelines, promptSetId: def.promptSetId, createdById, pairing: def.pairing ?? "", pairingSeed: def.pairingSeed ?? null,
        verdictRule: def.type === "SIDE_BY_SIDE" ? def.verdictRule : "mean", requireFullListen: def.requireFullListen,
        models: { create: def.modelIds.map((modelId, i) => ({
          modelId, position: i, role: def.type === "SINGLE_SIDED" ? "SCORED" : i === 0 ? "CANDIDATE" : "BASELINE" })) },
        dimensions: { create: dimensionIds.map((dimensionId, position) => ({ dimensionId, position, scaleMin: scale.min, scaleMax: scale.max })) },
        locales: { create: locales.map((localeCode) => ({ localeCode })) },
      },
      select: { id: true, name: true },
    });
    await insertItems(tx, study.id, items);
    return study;
  });
}

async function insertItems(tx: Tx, studyId: string, items: PlannedItem[]) {
  const CHUNK = 500;
  for (let i = 0; i < items.length; i += CHUNK) {
    await tx.item.createMany({ data: items.slice(i, i + CHUNK).map((it) => ({ ...it, studyId })) });
  }
}

export const findStudyStatus = (db: Db, id: string) =>
  db.study.findUnique({ where: { id }, select: { id: true, status: true } });

export const setStatus = (db: Db, id: string, status: StudyStatus, now: Date) =>
  db.study.update({
    where: { id },
    data: { status, ...(status === "RUNNING" ? { startedAt: now } : {}), ...(status === "COMPLETED" ? { completedAt: now } : {}) },
    select: { id: true, status: true },
  });

const studySummarySelect = {
  id: true, name: true, type: true, status: true, redundancy: true, leaseMinutes: true, createdAt: true, startedAt: true,
  completedAt: true,
  promptSet: { select: { id: true, name: true } },
  createdBy: { select: { displayName: true } },
  pairing: true, pairingSeed: true, verdictRule: true, requireFullListen: true,
  models: { orderBy: { position: "asc" }, select: { role: true, model: { select: { id: true, name: true } } } },
  locales: { select: { localeCode: true } },
  // Study material only: control items (gold, attention, qualification) are not part of its progress.
  _count: { select: { items: { where: { control: "NONE" } } } },
} as const;

export const listStudies = (db: Db) =>
  db.study.findMany({ orderBy: { createdAt: "desc" }, select: studySummarySelect });

export const getStudy = (db: Db, id: string) =>
  db.study.findUnique({
    where: { id },
    select: { ...studySummarySelect, guidelines: true,
      dimensions: { orderBy: { position: "asc" }, select: { scaleMin: true, scaleMax: true,
        dimension: { select: { key: true, label: true, description: true, ...DIMENSION_SCOPE_FIELDS } } } } },
  });

export const getStudyHeader = (db: Db, id: string) =>
  db.study.findUnique({ where: { id }, select: { id: true, name: true, graderTitle: true, type: true, status: true, redundancy: true, leaseMinutes: true, verdictRule: true } });

/** Accepted submissions per study (sum of item counters) — one grouped query for the whole list. */
export async function submittedByStudy(db: Db, studyIds: string[]) {
  const rows = await db.item.groupBy({ by: ["studyId"], where: { studyId: { in: studyIds }, control: "NONE" }, _sum: { submittedCount: true } });
  return new Map(rows.map((r) => [r.studyId, r._sum.submittedCount ?? 0]));
}

export async function progressByLocale(db: Db, studyId: string) {
  const rows = await db.item.groupBy({ by: ["localeCode"], where: { studyId, control: "NONE" }, _count: { _all: true }, _sum: { submittedCount: true } });
  return rows.map((r) => ({ localeCode: r.localeCode, items: r._count._all, submitted: r._sum.submittedCount ?? 0 }));
}
