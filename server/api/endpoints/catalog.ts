// Who the token acts as, and what studies are made from: models and prompt sets (their ids).
import { z } from "zod";
import { listModels } from "../../models/service";
import { listPromptSets } from "../../prompts/service";
import { endpoint } from "../endpoint";
import { page, pageFields, ZPage } from "../pagination";
import { apiJson } from "../rest";

export const me = endpoint({
  method: "GET", path: "/me", scope: null, summary: "The token's user and scopes",
  responses: { 200: { description: "Who the token acts as", schema: z.object({ id: z.string(), email: z.string(), role: z.string(), scopes: z.array(z.string()) }) } },
  handle: async ({ who }) => apiJson({ id: who.user.id, email: who.user.email, role: who.user.role, scopes: who.scopes }),
});

export const models = endpoint({
  method: "GET", path: "/models", scope: "read", summary: "Models (ids for creating studies)", query: ZPage,
  responses: { 200: { description: "A page of models", schema: z.object({ models: z.array(z.object({ id: z.string(), name: z.string(), family: z.string() })), ...pageFields }) } },
  handle: async ({ db, query }) => {
    const { items, ...rest } = page(await listModels(db), query);
    return apiJson({ models: items.map((m) => ({ id: m.id, name: m.name, family: m.family })), ...rest });
  },
});

export const promptSets = endpoint({
  method: "GET", path: "/prompt-sets", scope: "read", summary: "Prompt sets (ids for creating studies)", query: ZPage,
  responses: { 200: { description: "A page of prompt sets", schema: z.object({ promptSets: z.array(z.object({ id: z.string(), name: z.string(), prompts: z.number() })), ...pageFields }) } },
  handle: async ({ db, query }) => {
    const { items, ...rest } = page(await listPromptSets(db), query);
    return apiJson({ promptSets: items.map((s) => ({ id: s.id, name: s.name, prompts: s._count.prompts })), ...rest });
  },
});
