// Administration over the API (admin scope): users and their locales.
import { z } from "zod";
import { ZCreateUser } from "../../users/schema";
import { createUser, listUsers } from "../../users/service";
import { endpoint } from "../endpoint";
import { page, pageFields, ZPage } from "../pagination";
import { apiJson } from "../rest";

const ZUser = z.object({ id: z.string(), email: z.string(), displayName: z.string(), role: z.string(), active: z.boolean(), locales: z.array(z.string()) });

export const users = endpoint({
  method: "GET", path: "/users", scope: "admin", summary: "Users with role, locales and whether active", query: ZPage,
  responses: { 200: { description: "A page of users", schema: z.object({ users: z.array(ZUser), ...pageFields }) } },
  handle: async ({ db, query }) => {
    const { items, ...rest } = page(await listUsers(db), query);
    return apiJson({ users: items.map((u) => ({ id: u.id, email: u.email, displayName: u.displayName, role: u.role, active: u.active, locales: u.locales })), ...rest });
  },
});

export const createUserEndpoint = endpoint({
  method: "POST", path: "/users", scope: "admin", idempotent: true, summary: "Create a user (e.g. a grader with locales)",
  description: "The same rules as Admin → Users: a password of 10 or more characters that is not easily guessed, locales that exist.",
  body: ZCreateUser,
  responses: { 201: { description: "Created", schema: z.object({ id: z.string(), email: z.string(), role: z.string() }) }, 409: { description: "The email is taken" } },
  handle: async ({ db, who, body }) => {
    const u = await createUser(db, who.user.id, body);
    return apiJson({ id: u.id, email: u.email, role: u.role }, 201);
  },
});
