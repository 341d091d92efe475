import { describe, expect, it } from "vitest";
import { timeOrderedId } from "./time-ordered-id";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("timeOrderedId", () => {
  it("is a version-7 UUID whose first 48 bits are the time in milliseconds", () => {
    const at = Date.UTC(2026, 11, 2, 1, 2, 3, 456) + 1e9; // later than anything made before in this process
    const id = timeOrderedId(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it("sorts in the order made, as strings, within one millisecond and across many", () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => timeOrderedId(Date.now() + Math.floor(i / 5000)));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    ids.forEach((id) => expect(id).toMatch(UUID_V7));
  });

  it("stays increasing when the clock goes back", () => {
    const a = timeOrderedId(Date.now() + 5e9);
    const b = timeOrderedId(Date.now());
    expect(b > a).toBe(true);
  });
});
