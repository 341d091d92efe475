import { describe, expect, it } from "vitest";
import { compactId, isCompactId } from "./compact-id";

describe("compactId", () => {
  it("writes the number in base 32 after its count of digits", () => {
    expect(compactId(0)).toBe("10");
    expect(compactId(31)).toBe("1Z");
    expect(compactId(32)).toBe("210");
    expect(compactId(4096)).toBe("3400");
    expect(compactId(1_000_000)).toBe("4YGJ0");
    expect(compactId(Number.MAX_SAFE_INTEGER)).toHaveLength(12);
  });

  it("sorts as text in the order of the numbers, across lengths", () => {
    const numbers = [0, 1, 31, 32, 33, 1023, 1024, 4095, 4096, 32 ** 3 - 1, 32 ** 3, 999_999, 1_000_000, 2 ** 40, 2 ** 50 + 7, Number.MAX_SAFE_INTEGER];
    const ids = numbers.map(compactId);
    expect([...ids].sort()).toEqual(ids);
    // and byte by byte, as SQLite compares text
    expect([...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses digits and capital letters only, never a separator of joined lists", () => {
    for (let n = 0; n < 70_000; n += 7) expect(compactId(n)).toMatch(/^[0-9A-HJKMNP-TV-Z]+$/);
  });

  it("tells its own ids from other text", () => {
    for (const n of [0, 31, 32, 4096, 1_000_000, Number.MAX_SAFE_INTEGER]) expect(isCompactId(compactId(n))).toBe(true);
    for (const other of ["", "1", "3", "2ABC", "30AB", "1I", "1a", "cmxanwxv20000417dr69nwof5", "01M93JM91S2WNM264GD12JE1GM", "34,0"]) expect(isCompactId(other), other).toBe(false);
  });

  it("refuses what is not a whole number in range", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => compactId(bad)).toThrow(/compactId/);
  });
});
