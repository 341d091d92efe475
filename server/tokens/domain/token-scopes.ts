// What an API token may do: its scopes, each tied to the part of Verdict a role may enter
// (auth/domain/roles.ts). A token never grants more than its user's role: a scope is offered
// only to roles that may use it, and checked again against the user's role on every request
// (a role can be lowered after the token was made).
import { canEnter, type Area, type Role } from "../../auth/domain/roles";

export const SCOPES = ["read", "write", "grade", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_AREA: Record<Scope, Area> = { read: "research", write: "research", grade: "grading", admin: "admin" };

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  read: "read studies, progress, reports, exports and the leaderboard",
  write: "upload material and judgments, create studies and change their status",
  grade: "take and submit grading tasks from another front-end (blind, as in the browser)",
  admin: "list and create users",
};

export function scopesForRole(role: Role): Scope[] {
  return SCOPES.filter((s) => canEnter(role, SCOPE_AREA[s]));
}

/** The scopes a role may not give a token, or an empty list. */
export function scopesBeyondRole(scopes: Scope[], role: Role): Scope[] {
  return scopes.filter((s) => !canEnter(role, SCOPE_AREA[s]));
}

/** Whether a token with these scopes, held by a user of this role now, may act in `needed`. */
export function tokenAllows(scopes: readonly string[], role: Role, needed: Scope): boolean {
  return scopes.includes(needed) && canEnter(role, SCOPE_AREA[needed]);
}

export const storedScopes = (scopes: Scope[]) => [...new Set(scopes)].sort((a, b) => SCOPES.indexOf(a) - SCOPES.indexOf(b)).join(",");
export const readScopes = (stored: string): Scope[] => stored.split(",").filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
