import { TRPCError } from "@trpc/server";
import { recordAudit } from "../audit/repo";
import { hashPassword } from "../auth/password";
import { passwordProblem } from "../auth/password-policy";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { assertLocalesExist } from "../locales/service";
import * as repo from "./repo";
import type { TCreateUser, TUpdateUser } from "./schema";

export const listUsers = (db: Db) => repo.listUsers(db);

/** Refuses a password the policy rejects, naming the field and the reason. */
function assertAcceptablePassword(password: string, email: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: `password: ${problem}` });
}

export async function createUser(db: Db, actorId: string | null, input: TCreateUser) {
  assertAcceptablePassword(input.password, input.email);
  const locales = [...new Set(input.locales)];
  await assertLocalesExist(db, locales);
  try {
    const user = await repo.createUser(db, { ...input, locales, passwordHash: await hashPassword(input.password) });
    await recordAudit(db, { actorId, action: "user.create", entityType: "User", entityId: user.id,
      details: { email: user.email, role: user.role, locales } });
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: "CONFLICT", message: `A user with email ${input.email} already exists.` });
    throw error;
  }
}

export async function updateUser(db: Db, actorId: string, input: TUpdateUser) {
  const user = await repo.findUser(db, input.id);
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "No such user." });
  if (user.id === actorId && (input.active === false || (input.role && input.role !== "ADMIN"))) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "You cannot deactivate yourself or remove your own admin role." });
  }
  if (input.password) assertAcceptablePassword(input.password, user.email);
  const locales = input.locales ? [...new Set(input.locales)] : undefined;
  if (locales) await assertLocalesExist(db, locales);
  const { leasesReleased } = await repo.updateUser(db, user.id, {
    displayName: input.displayName, role: input.role, active: input.active, locales,
    passwordHash: input.password ? await hashPassword(input.password) : undefined,
  });
  const { password, ...audited } = input;
  await recordAudit(db, { actorId, action: "user.update", entityType: "User", entityId: user.id,
    details: { ...audited, passwordChanged: password !== undefined, leasesReleased } });
  return { id: user.id };
}
