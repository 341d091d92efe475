import { describe, expect, it } from "vitest";
import { formatMoment } from "./format-moment";

describe("formatMoment", () => {
  const at = "2026-12-03T23:30:15Z";
  it("prints UTC marked as such, the same wherever it runs", () => {
    expect(formatMoment(at, "short", "UTC")).toBe("03/12/2026, 23:30 UTC");
    expect(formatMoment(new Date(at), "medium", "UTC")).toBe("3 Dec 2026, 23:30 UTC");
    expect(formatMoment(at, "time", "UTC")).toBe("23:30:15 UTC");
  });

  it("prints the reader's own zone unmarked", () => {
    const local = formatMoment(at, "short", "local");
    expect(local).toBe(new Date(at).toLocaleString("en-GB", { dateStyle: "short", timeStyle: "short" }));
    expect(local).not.toContain("UTC");
  });
});
