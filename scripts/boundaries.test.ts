// The architecture's dependency rules, checked on every test run (house style: boundaries that a tool checks).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes("generated"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const valueImports = (src: string) =>
  [...src.matchAll(/^import\s+(?!type\s)[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]);

describe("architecture boundaries", () => {
  it("client components import from server/ only its schema files (types excepted)", () => {
    const offenders = sourceFiles("app")
      .filter((f) => /^["']use client["']/.test(read(f)))
      .flatMap((f) => valueImports(read(f)).filter((i) => i.startsWith("@/server/") && !i.endsWith("/schema")).map((i) => `${f} → ${i}`));
    expect(offenders).toEqual([]);
  });

  it("domain/ code is pure: no database, framework, clock or randomness", () => {
    const offenders: string[] = [];
    for (const f of sourceFiles("server").filter((f) => f.includes("/domain/") && !f.endsWith(".test.ts"))) {
      const src = read(f);
      for (const i of valueImports(src)) if (!i.startsWith(".")) offenders.push(`${f} imports ${i}`);
      if (/Math\.random|Date\.now|new Date\(\)/.test(src)) offenders.push(`${f} reads the clock or Math.random`);
    }
    expect(offenders).toEqual([]);
  });

  it("only server/env.ts reads process.env among app and server code (test helpers aside)", () => {
    // Test helpers read the test runner's own settings (which database to test on).
    const offenders = [...sourceFiles("server"), ...sourceFiles("app")]
      .filter((f) => f !== "server/env.ts" && !f.startsWith("server/test/") && !f.endsWith(".test.ts") && /process\.env/.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it("Prisma is used only by repositories, the db layer, CLI, seed and tests", () => {
    const offenders = sourceFiles("server").filter((f) => {
      if (/\/(repo|client|migrate)\.ts$|^server\/(db|test|cli)\//.test(f) || f.endsWith(".test.ts")) return false;
      return /\b(db|tx)\.(user|session|study|item|assignment|judgment|prompt|promptSet|response|model|locale|dimension|attachment|auditEvent)\./.test(read(f));
    });
    expect(offenders).toEqual([]);
  });

  it("every file that writes CSV uses the one neutralising option set (SAFE_CSV)", () => {
    const writers = [...sourceFiles("server"), ...sourceFiles("app"), ...sourceFiles("bench"), ...sourceFiles("scripts")]
      .filter((f) => !f.endsWith(".test.ts") && /from ["']csv-stringify/.test(read(f)));
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((f) => !read(f).includes("SAFE_CSV"))).toEqual([]);
  });
});
