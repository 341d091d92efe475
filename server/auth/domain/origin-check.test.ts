import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "./origin-check";

describe("origin check", () => {
  it("accepts same-host origins and requests without Origin", () => {
    expect(isAllowedOrigin("http://localhost:3000", "localhost:3000", [])).toBe(true);
    expect(isAllowedOrigin(null, "localhost:3000", [])).toBe(true);
  });

  it("refuses other sites, opaque and malformed origins", () => {
    expect(isAllowedOrigin("https://evil.example", "localhost:3000", [])).toBe(false);
    expect(isAllowedOrigin("http://localhost:3001", "localhost:3000", [])).toBe(false);
    expect(isAllowedOrigin("null", "localhost:3000", [])).toBe(false);
    expect(isAllowedOrigin("not a url", "localhost:3000", [])).toBe(false);
  });

  it("accepts explicitly allowed origins, with or without a trailing slash", () => {
    expect(isAllowedOrigin("https://verdict.example.org", "10.0.0.5:3000", ["https://verdict.example.org/"])).toBe(true);
  });
});
