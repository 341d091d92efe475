// Writes the next migration for both engines from the change in prisma/models.prisma:
//   npm run db:migration -- add_gold_items
// Each migration folder holds migration.sql (applied by server/db/migrate.ts) and schema.prisma,
// the snapshot the next migration is diffed from. No shadow database and no shims are needed;
// the PostgreSQL diff reads (never writes) the database at VERDICT_PG_URL (default: local `test`).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ENGINES, composeSchema, schemaPath, type Engine } from "./prisma-schemas";

const ROOT = path.resolve(import.meta.dirname, "..");
const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error("usage: npm run db:migration -- <name in snake_case>");
  process.exit(2);
}
process.env.VERDICT_PG_URL ??= "postgresql://postgres@127.0.0.1:5432/test";

function migrationsDir(engine: Engine) {
  return path.join(ROOT, "prisma", "migrations", engine);
}

function existing(engine: Engine): string[] {
  const dir = migrationsDir(engine);
  return existsSync(dir) ? readdirSync(dir).filter((d) => /^\d{4}_/.test(d)).sort() : [];
}

const counts = ENGINES.map((e) => existing(e).length);
if (new Set(counts).size !== 1) {
  console.error(`migration histories differ in length (${counts.join(" vs ")}); fix that first`);
  process.exit(1);
}
const folder = `${String(counts[0] + 1).padStart(4, "0")}_${name}`;

for (const engine of ENGINES) {
  writeFileSync(schemaPath(engine), composeSchema(engine));
  const previous = existing(engine).at(-1);
  const from = previous
    ? ["--from-schema-datamodel", path.join(migrationsDir(engine), previous, "schema.prisma")]
    : ["--from-empty"];
  const sql = execFileSync(
    "npx",
    ["prisma", "migrate", "diff", "--config", `prisma/${engine}.config.ts`, ...from,
      "--to-schema-datamodel", schemaPath(engine), "--script"],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
    console.log(`${engine}: no schema change, nothing written`);
    continue;
  }
  const dir = path.join(migrationsDir(engine), folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  writeFileSync(path.join(dir, "schema.prisma"), composeSchema(engine));
  console.log(`${engine}: wrote ${path.relative(ROOT, dir)}`);
}
