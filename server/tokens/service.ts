// Personal API tokens: made by a user for themselves (the secret shown once, only its hash kept),
// listed, revoked by their owner or an admin; and every API request authenticated by one — its
// scopes, its expiry, its user's current role and the per-token rate limit, each refusal with a
// status and a message that says what is wrong.
import { TRPCError } from "@trpc/server";
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../audit/repo";
import type { SessionUser } from "../auth/service";
import { toSessionUser } from "../auth/service";
import type { Db } from "../db/client";
import { env } from "../env";
import { bearerToken, rateDecision } from "./domain/rate-window";
import { readScopes, scopesBeyondRole, storedScopes, tokenAllows, type Scope } from "./domain/token-scopes";
import * as repo from "./repo";
import type { TCreateToken } from "./schema";

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

export async function createToken(db: Db, user: SessionUser, input: TCreateToken, now: Date) {
  const beyond = scopesBeyondRole(input.scopes, user.role);
  if (beyond.length) {
    throw new TRPCError({ code: "FORBIDDEN", message: `Your role (${user.role.toLowerCase()}) cannot give a token the ${beyond.join(", ")} scope${beyond.length > 1 ? "s" : ""}.` });
  }
  // vd_ + 8 characters shown in lists + 32 random bytes: the prefix says which token, the rest is the secret.
  const prefix = `vd_${randomBytes(6).toString("base64url")}`;
  const secret = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const { id } = await repo.insertToken(db, { userId: user.id, name: input.name, tokenHash: hashOf(secret), prefix, scopes: storedScopes(input.scopes), expiresAt });
  await recordAudit(db, { actorId: user.id, action: "token.create", entityType: "ApiToken", entityId: id, details: { name: input.name, scopes: input.scopes, expiresAt } });
  return { id, secret, prefix, expiresAt };
}

const view = (t: Awaited<ReturnType<typeof repo.tokensOf>>[number], now: Date) => ({
  ...t, scopes: readScopes(t.scopes),
  state: t.revokedAt ? ("revoked" as const) : t.expiresAt <= now ? ("expired" as const) : ("active" as const),
});

export const myTokens = async (db: Db, user: SessionUser, now: Date) => (await repo.tokensOf(db, user.id)).map((t) => view(t, now));
export const everyToken = async (db: Db, now: Date) => (await repo.allTokens(db)).map((t) => view(t, now));

export async function revokeToken(db: Db, actor: SessionUser, tokenId: string, now: Date) {
  const t = await repo.findToken(db, tokenId);
  // Someone else's token is "not found" to anyone but an admin: ids are not to be probed.
  if (!t || (t.userId !== actor.id && actor.role !== "ADMIN")) throw new TRPCError({ code: "NOT_FOUND", message: "No such token." });
  if (t.revokedAt) return { revoked: false };
  await repo.revokeToken(db, tokenId, actor.id, now);
  await recordAudit(db, { actorId: actor.id, action: "token.revoke", entityType: "ApiToken", entityId: tokenId, details: { owner: t.userId } });
  return { revoked: true };
}

export interface TokenPrincipal { user: SessionUser; tokenId: string; scopes: Scope[] }

export type Authenticated =
  | { ok: true; principal: TokenPrincipal }
  | { ok: false; status: 401 | 403 | 429; code: string; message: string; retryAfterSeconds?: number };

/** Who an API request acts as, or why it is refused (401: who are you; 403: not allowed; 429: too many). */
/** `needed` null: any valid token (who am I). */
export async function authenticateToken(db: Db, authorization: string | null, needed: Scope | null, now: Date, limit = env().VERDICT_API_RATE_LIMIT): Promise<Authenticated> {
  const secret = bearerToken(authorization);
  if (!secret) return { ok: false, status: 401, code: "unauthenticated", message: "Send an API token: Authorization: Bearer vd_… (create one under API tokens)." };
  const t = await repo.findByHash(db, hashOf(secret));
  if (!t) return { ok: false, status: 401, code: "unknown_token", message: "This API token is not known (mistyped, or deleted)." };
  if (t.revokedAt) return { ok: false, status: 401, code: "revoked_token", message: `This API token was revoked on ${t.revokedAt.toISOString()}.` };
  if (t.expiresAt <= now) return { ok: false, status: 401, code: "expired_token", message: `This API token expired on ${t.expiresAt.toISOString()}; create a new one.` };
  if (!t.user.active) return { ok: false, status: 401, code: "inactive_user", message: "The account this token belongs to is deactivated." };
  const scopes = readScopes(t.scopes);
  if (needed && !tokenAllows(scopes, t.user.role, needed)) {
    const message = scopes.includes(needed)
      ? `This needs the ${needed} scope, which the token's owner's role (${t.user.role.toLowerCase()}) no longer allows.`
      : `This needs the ${needed} scope; the token has ${scopes.join(", ")}.`;
    return { ok: false, status: 403, code: "insufficient_scope", message };
  }
  const window = await repo.countRequest(db, t.id, now);
  const decision = rateDecision(window.windowStart, window.windowCount, limit, now);
  if (!decision.allowed) {
    return { ok: false, status: 429, code: "rate_limited", message: `More than ${limit} requests in a minute with this token; try again in ${decision.retryAfterSeconds} s.`, retryAfterSeconds: decision.retryAfterSeconds };
  }
  return { ok: true, principal: { user: toSessionUser(t.user), tokenId: t.id, scopes } };
}
