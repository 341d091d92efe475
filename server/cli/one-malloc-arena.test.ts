import { describe, expect, it } from "vitest";
import { isGlibc, RELAUNCHED_BY, wantsOneMallocArena } from "../../bin/one-malloc-arena.mjs";

const glibc = isGlibc();

describe("wantsOneMallocArena", () => {
  it.runIf(glibc)("runs a local import again with one arena", () => {
    expect(wantsOneMallocArena(["import", "judgments", "x.csv"], {})).toBe(true);
    expect(wantsOneMallocArena(["import", "material", "x.jsonl", "--prompt-set", "P"], {})).toBe(true);
  });
  it("leaves every other command, and an import that already runs so or was told the arena count, as it is", () => {
    expect(wantsOneMallocArena(["export", "judgments", "--study", "S"], {})).toBe(false);
    expect(wantsOneMallocArena([], {})).toBe(false);
    expect(wantsOneMallocArena(["import", "judgments", "x.csv"], { [RELAUNCHED_BY]: "123" })).toBe(false);
    expect(wantsOneMallocArena(["import", "judgments", "x.csv"], { MALLOC_ARENA_MAX: "4" })).toBe(false);
  });
  it("leaves a remote import as it is: it streams the file to the server", () => {
    expect(wantsOneMallocArena(["import", "judgments", "x.csv", "--server", "http://v"], {})).toBe(false);
    expect(wantsOneMallocArena(["import", "judgments", "x.csv", "--server=http://v"], {})).toBe(false);
    expect(wantsOneMallocArena(["import", "judgments", "x.csv"], { VERDICT_SERVER: "http://v" })).toBe(false);
  });
});
