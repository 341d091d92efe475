import type { Db } from "../db/client";
import type { TPromptQuery } from "./schema";

export const listPromptSets = (db: Db) =>
  db.promptSet.findMany({
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, description: true, createdAt: true, _count: { select: { prompts: true, studies: true } } },
  });

export async function promptSetFacets(db: Db, promptSetId: string) {
  const [locales, categories, modalities] = await Promise.all([
    db.prompt.groupBy({ by: ["localeCode"], where: { promptSetId }, _count: { _all: true }, orderBy: { localeCode: "asc" } }),
    db.prompt.groupBy({ by: ["category"], where: { promptSetId }, _count: { _all: true }, orderBy: { category: "asc" } }),
    db.prompt.groupBy({ by: ["modality"], where: { promptSetId }, _count: { _all: true }, orderBy: { modality: "asc" } }),
  ]);
  return {
    locales: locales.map((l) => ({ value: l.localeCode, count: l._count._all })),
    categories: categories.map((c) => ({ value: c.category, count: c._count._all })),
    modalities: modalities.map((m) => ({ value: m.modality, count: m._count._all })),
  };
}

export async function listPrompts(db: Db, q: TPromptQuery) {
  const where = { promptSetId: q.promptSetId, localeCode: q.locale, category: q.category, modality: q.modality };
  const [total, prompts] = await Promise.all([
    db.prompt.count({ where }),
    db.prompt.findMany({
      where, orderBy: { externalId: "asc" }, skip: q.page * q.pageSize, take: q.pageSize,
      select: { id: true, externalId: true, text: true, conversation: true, localeCode: true, category: true, modality: true,
        attachments: { orderBy: { position: "asc" }, select: { id: true, fileName: true, turn: true, mimeType: true } },
        responses: { orderBy: { model: { name: "asc" } }, select: { id: true, text: true, model: { select: { name: true } },
          attachments: { orderBy: { position: "asc" }, select: { id: true, mimeType: true } } } } },
    }),
  ]);
  return { total, prompts };
}
