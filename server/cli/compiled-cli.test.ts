import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILED_STAMP, compiledCliIsCurrent } from "../../bin/compiled-cli.mjs";

function tree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "verdict-compiled-"));
  for (const f of ["server/cli/main.ts", "server/db/generated/sqlite/client.ts", "seed/demo.ts", "server/notes.md"]) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), "");
  }
  return root;
}
const at = (root: string, file: string, seconds: number) => utimesSync(path.join(root, file), seconds, seconds);

describe("the compiled CLI is used only when current", () => {
  it("is not current before it is built", () => {
    expect(compiledCliIsCurrent(tree())).toBe(false);
  });

  it("is current when built after every TypeScript source, and stale when any source is newer", () => {
    const root = tree();
    mkdirSync(path.join(root, "dist", "cli"), { recursive: true });
    writeFileSync(path.join(root, COMPILED_STAMP), "{}");
    for (const f of ["server/cli/main.ts", "server/db/generated/sqlite/client.ts", "seed/demo.ts"]) at(root, f, 1_000);
    at(root, COMPILED_STAMP, 2_000);
    expect(compiledCliIsCurrent(root)).toBe(true);
    at(root, "server/notes.md", 3_000); // not a source
    expect(compiledCliIsCurrent(root)).toBe(true);
    at(root, "server/db/generated/sqlite/client.ts", 3_000); // a regenerated Prisma client is compiled in
    expect(compiledCliIsCurrent(root)).toBe(false);
    at(root, "server/db/generated/sqlite/client.ts", 1_000);
    at(root, "seed/demo.ts", 3_000);
    expect(compiledCliIsCurrent(root)).toBe(false);
  });
});
