// Prisma CLI configuration for the PostgreSQL schema; see sqlite.config.ts for why `engine: "js"`.
// `generate` never connects; `migrate diff --script` connects to read only.
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// See sqlite.config.ts: the URL variable must be set for the CLI to stay offline.
process.env.VERDICT_PG_URL ??= "postgresql://unused@127.0.0.1:1/unused";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "pg/schema.prisma",
  async adapter() {
    // `migrate diff` opens a connection even for --from-empty; it reads, never writes.
    return new PrismaPg({ connectionString: process.env.VERDICT_PG_URL });
  },
});
