import { describe, expect, it } from "vitest";
import { ItemKeys } from "./item-keys";

describe("ItemKeys", () => {
  it("gives a pair the same key whichever order it is named in, and each prompt and subject its own", () => {
    const keys = new ItemKeys(3, 4);
    const all = new Set<number>();
    for (let p = 0; p < 3; p++) {
      for (let a = 0; a < 4; a++) {
        all.add(keys.key(p, a, -1));
        for (let b = 0; b < 4; b++) {
          if (a === b) continue;
          expect(keys.key(p, a, b)).toBe(keys.key(p, b, a));
          all.add(keys.key(p, a, b));
        }
      }
    }
    // 3 prompts × (4 single models + 6 unordered pairs), all different
    expect(all.size).toBe(3 * (4 + 6));
  });

  it("keeps a single model apart from every pair that includes it", () => {
    const keys = new ItemKeys(1, 2);
    expect(new Set([keys.key(0, 0, -1), keys.key(0, 1, -1), keys.key(0, 0, 1)]).size).toBe(3);
  });

  it("stays a safe integer at the bounds of one file's rows", () => {
    const prompts = 30_000_000;
    const keys = new ItemKeys(prompts, 30_000_000);
    for (let s = 0; s < 1000; s++) keys.key(0, s, s + 1);
    expect(Number.isSafeInteger(keys.key(prompts - 1, 29_999_998, 29_999_999))).toBe(true);
  });
});
