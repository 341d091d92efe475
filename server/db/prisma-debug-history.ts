// Prisma keeps the arguments of its last 100 debug calls for its error reports, whether debugging
// is on or not, in two histories: @prisma/debug's, where the PostgreSQL adapter leaves each query
// with its parameters, and the copy of that module bundled in the client's runtime, where each raw
// query leaves its text with its parameters serialized. A bulk insert's parameters are 10,000 rows
// (bulk-insert.ts), so between them the histories held the values of the last hundred batches:
// a heap snapshot after a 200,000-row PostgreSQL import found 130 MB of them reachable, all of the
// import's rows (docs/performance.md).
import { Debug } from "@prisma/client/runtime/client";
import { clearLogs } from "@prisma/debug";

const HISTORY_LENGTH = 100;
// Prints only when DEBUG names it.
const filler = Debug("verdict:bulk-insert");

/** Lets go of what both histories hold. */
export function forgetPrismaDebugHistory(): void {
  clearLogs();
  // The runtime's copy offers no way to clear it; a hundred one-character calls push out what it kept.
  for (let i = 0; i < HISTORY_LENGTH; i++) filler(".");
}
