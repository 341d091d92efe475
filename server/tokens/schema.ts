import { z } from "zod";
import { SCOPES } from "./domain/token-scopes";

export { SCOPES, SCOPE_DESCRIPTIONS, scopesForRole, type Scope } from "./domain/token-scopes";

/** Longest a token may live: a forgotten token must stop working on its own. */
export const MAX_TOKEN_DAYS = 365;

export const ZCreateToken = z.object({
  name: z.string().trim().min(1, "Give the token a name (what uses it)").max(80),
  scopes: z.array(z.enum(SCOPES)).min(1, "Choose at least one scope").max(SCOPES.length),
  expiresInDays: z.number().int().min(1).max(MAX_TOKEN_DAYS).default(90),
});
export type TCreateToken = z.infer<typeof ZCreateToken>;

export const ZTokenId = z.object({ tokenId: z.string().min(1) });
