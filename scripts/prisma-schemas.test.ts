import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeSchema, ENGINES, schemaPath } from "./prisma-schemas";

const root = path.resolve(import.meta.dirname, "..");
const modelsOf = (schema: string) => schema.slice(schema.indexOf("// The one data model"));

describe("per-engine Prisma schemas", () => {
  it.each(ENGINES)("prisma/%s/schema.prisma is prisma/models.prisma under its header (run npm run db:schemas)", (engine) => {
    expect(readFileSync(schemaPath(engine), "utf8")).toBe(composeSchema(engine));
  });

  it("both engines have the same migration history, each ending at the current models", () => {
    const histories = ENGINES.map((e) => readdirSync(path.join(root, "prisma/migrations", e)).sort());
    expect(histories[0]).toEqual(histories[1]);
    const current = modelsOf(readFileSync(path.join(root, "prisma/models.prisma"), "utf8"));
    for (const e of ENGINES) {
      const last = histories[0].at(-1)!;
      const snapshot = readFileSync(path.join(root, "prisma/migrations", e, last, "schema.prisma"), "utf8");
      expect(modelsOf(snapshot), `${e} migration ${last} is behind prisma/models.prisma: run npm run db:migration -- <name>`).toBe(current);
    }
  });
});
