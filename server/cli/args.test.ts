import { describe, expect, it } from "vitest";
import { assertKnownFlags, formatFlag, intFlag, listFlag, numberFlag, parseArgs, stringFlag, UsageError } from "./args";

describe("CLI arguments", () => {
  it("separates positionals and flags, in both --flag value and --flag=value forms", () => {
    const a = parseArgs(["users", "add", "--email", "a@b.c", "--role=GRADER", "--force"]);
    expect(a.positionals).toEqual(["users", "add"]);
    expect(a.flags).toEqual({ email: "a@b.c", role: "GRADER", force: true });
  });

  it("keeps every value of a repeated flag, in order", () => {
    const a = parseArgs(["leaderboard", "--study", "A", "--study=B C", "--format", "json"]);
    expect(listFlag(a, "study")).toEqual(["A", "B C"]);
    expect(listFlag(a, "dimension")).toEqual([]);
    expect(() => listFlag(parseArgs(["--study"]), "study")).toThrow("--study needs a value");
  });

  it("reports missing values, bad numbers and unknown options by name", () => {
    const a = parseArgs(["--seed", "x1", "--email"]);
    expect(() => intFlag(a, "seed", 1)).toThrow('--seed must be a whole number, got "x1"');
    expect(() => stringFlag(a, "email")).toThrow("--email needs a value");
    expect(() => stringFlag(a, "role", true)).toThrow("--role is required");
    expect(() => assertKnownFlags(a, ["seed"])).toThrow(UsageError);
    expect(intFlag(parseArgs([]), "seed", 7)).toBe(7);
  });

  it("reads --format (csv by default, or json) and decimal numbers, naming what is wrong", () => {
    expect(formatFlag(parseArgs([]))).toBe("csv");
    expect(formatFlag(parseArgs(["--format", "json"]))).toBe("json");
    expect(() => formatFlag(parseArgs(["--format", "xml"]))).toThrow('--format must be csv or json, got "xml"');
    expect(numberFlag(parseArgs(["--power", "0.9"]), "power")).toBe(0.9);
    expect(numberFlag(parseArgs([]), "power")).toBeUndefined();
    expect(() => numberFlag(parseArgs(["--power", "much"]), "power")).toThrow('--power must be a number, got "much"');
  });
});
