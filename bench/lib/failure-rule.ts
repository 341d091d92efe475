// Which failed requests a reliability run may forgive. Every failed request counts against the run
// (a time-out, a 500, a 503 "busy" included) unless it happened during the injected fault and is
// what that fault is expected to cause: the client could not reach the killed instance, or the app
// answered that the database was unreachable while PostgreSQL was restarting.

export interface FailedRequest {
  /** Milliseconds since the run started. */
  at: number;
  /** "network": no HTTP answer (refused, reset, closed); "timeout": no answer in time; "http": an error status. */
  kind: "network" | "timeout" | "http";
  status?: number;
  message: string;
}

export interface FaultWindow {
  from: number;
  /** When the fault was repaired (instance back, PostgreSQL up), plus the grace the report states. */
  to: number;
}

export const FAULT_GRACE_MS = 5_000;

export function forgiven(f: FailedRequest, window: FaultWindow | null, databaseUnreachableMessage: string): boolean {
  if (!window || f.at < window.from || f.at > window.to) return false;
  if (f.kind === "network") return true;
  return f.kind === "http" && f.status === 503 && f.message.includes(databaseUnreachableMessage);
}
