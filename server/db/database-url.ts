// Which engine a DATABASE_URL means. SQLite is the embedded default; PostgreSQL is for production
// and for several app instances sharing one database.
import path from "node:path";

export type DatabaseTarget =
  | { engine: "sqlite"; file: string; url: string }
  | { engine: "pg"; url: string };

export function resolveDatabaseUrl(raw: string | undefined, dataDir: string, cwd: string): DatabaseTarget {
  const value = raw?.trim();
  if (!value) {
    const file = path.join(dataDir, "verdict.db");
    return { engine: "sqlite", file, url: `file:${file}` };
  }
  if (value.startsWith("file:")) {
    const rest = value.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    if (!rest || rest.includes("?")) {
      throw new Error(`DATABASE_URL "${value}" must be file:/path/to/verdict.db, without query parameters`);
    }
    const file = path.resolve(cwd, rest);
    return { engine: "sqlite", file, url: `file:${file}` };
  }
  if (/^postgres(ql)?:\/\//.test(value)) return { engine: "pg", url: value };
  throw new Error(
    `DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL); got "${value.split(":")[0]}:…"`,
  );
}
