// Limits on tRPC requests, shared by the API route (which enforces them) and the browser's client
// (which keeps within them). Reasons in domain/trpc-request-rules.ts.
export const MAX_BATCH = 10;
export const MAX_BODY_BYTES = 1024 * 1024;
/** Procedures that must arrive alone: each call is a password check. */
export const UNBATCHED_PROCEDURES: ReadonlySet<string> = new Set(["auth.login"]);
