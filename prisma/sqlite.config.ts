// Prisma CLI configuration for the SQLite schema. `engine: "js"` makes the CLI use the
// WebAssembly schema engine shipped in the npm package instead of downloading a native one.
// Verdict applies migrations with its own runner (server/db/migrate.ts); the CLI is used only
// for `generate` and for `migrate diff --script`, which need no database.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

// The schema reads its URL from this variable; without a value the CLI falls back to downloading
// a native query engine, so give it a harmless one.
process.env.VERDICT_SQLITE_URL ??= "file:./unused.db";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "sqlite/schema.prisma",
  async adapter() {
    return new PrismaBetterSQLite3({ url: ":memory:" });
  },
});
