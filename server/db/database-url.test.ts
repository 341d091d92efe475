import { describe, expect, it } from "vitest";
import { resolveDatabaseUrl } from "./database-url";

describe("DATABASE_URL", () => {
  it("defaults to the embedded SQLite file in the data directory", () => {
    expect(resolveDatabaseUrl(undefined, "/srv/verdict/data", "/srv/verdict")).toEqual({
      engine: "sqlite", file: "/srv/verdict/data/verdict.db", url: "file:/srv/verdict/data/verdict.db" });
    expect(resolveDatabaseUrl("  ", "/d", "/").engine).toBe("sqlite");
  });

  it("accepts absolute and relative file: URLs", () => {
    const fileOf = (url: string) => resolveDatabaseUrl(url, "/d", "/cwd") as { file: string };
    expect(fileOf("file:/tmp/x.db").file).toBe("/tmp/x.db");
    expect(fileOf("file:///tmp/x.db").file).toBe("/tmp/x.db");
    expect(fileOf("file:./x.db").file).toBe("/cwd/x.db");
  });

  it("recognises PostgreSQL", () => {
    expect(resolveDatabaseUrl("postgresql://u@h:5432/db", "/d", "/")).toEqual({ engine: "pg", url: "postgresql://u@h:5432/db" });
    expect(resolveDatabaseUrl("postgres://u@h/db", "/d", "/").engine).toBe("pg");
  });

  it("names what is wrong with anything else", () => {
    expect(() => resolveDatabaseUrl("mysql://root@h/db", "/d", "/")).toThrow('must start with file: (SQLite) or postgresql:// (PostgreSQL); got "mysql:…"');
    expect(() => resolveDatabaseUrl("file:", "/d", "/")).toThrow(/must be file:\/path/);
  });
});
