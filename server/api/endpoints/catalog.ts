// Who the token acts as, and what studies are made from: models and prompt sets (their ids).
import { z } from "zod";
import { listModels } from "../../models/service";
import { listPromptSets } from "../../prompts/service";
import { endpoint } from "../endpoint";
import { apiJson } from "../rest";

export const me = endpoint({
  method: "GET", path: "/me", scope: null, summary: "The token's user and scopes",
  responses: { 200: { description: "Who the token acts as", schema: z.object({ id: z.string(), email: z.string(), role: z.string(), scopes: z.array(z.string()) }) } },
  handle: async ({ who }) => apiJson({ id: who.user.id, email: who.user.email, role: who.user.role, scopes: who.scopes }),
});

export const models = endpoint({
  method: "GET", path: "/models", scope: "read", summary: "Models (ids for creating studies)",
  responses: { 200: { description: "Every model", schema: z.object({ models: z.array(z.object({ id: z.string(), name: z.string(), family: z.string() })) }) } },
  handle: async ({ db }) => apiJson({ models: (await listModels(db)).map((m) => ({ id: m.id, name: m.name, family: m.family })) }),
});

export const promptSets = endpoint({
  method: "GET", path: "/prompt-sets", scope: "read", summary: "Prompt sets (ids for creating studies)",
  responses: { 200: { description: "Every prompt set", schema: z.object({ promptSets: z.array(z.object({ id: z.string(), name: z.string(), prompts: z.number() })) }) } },
  handle: async ({ db }) => apiJson({ promptSets: (await listPromptSets(db)).map((s) => ({ id: s.id, name: s.name, prompts: s._count.prompts })) }),
});
