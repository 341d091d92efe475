import { describe, expect, it } from "vitest";
import { forgiven, type FailedRequest } from "./failure-rule";

const UNREACHABLE = "The database is not reachable right now";
const at = (ms: number, f: Partial<FailedRequest> = {}): FailedRequest => ({ at: ms, kind: "network", message: "ECONNREFUSED", ...f });

describe("which failed requests a reliability run forgives", () => {
  const window = { from: 30_000, to: 36_000 };

  it("forgives connection errors and 'database unreachable' answers inside the fault window only", () => {
    expect(forgiven(at(31_000), window, UNREACHABLE)).toBe(true);
    expect(forgiven(at(32_000, { kind: "http", status: 503, message: `503 ${UNREACHABLE}; nothing was saved.` }), window, UNREACHABLE)).toBe(true);
    expect(forgiven(at(29_999), window, UNREACHABLE)).toBe(false);
    expect(forgiven(at(36_001), window, UNREACHABLE)).toBe(false);
    expect(forgiven(at(31_000), null, UNREACHABLE)).toBe(false);
  });

  it("never forgives a time-out, a 500 or a busy database, even during the fault", () => {
    expect(forgiven(at(31_000, { kind: "timeout", message: "TimeoutError" }), window, UNREACHABLE)).toBe(false);
    expect(forgiven(at(31_000, { kind: "http", status: 500, message: "500 Internal" }), window, UNREACHABLE)).toBe(false);
    expect(forgiven(at(31_000, { kind: "http", status: 503, message: "503 The database is busy" }), window, UNREACHABLE)).toBe(false);
  });
});
