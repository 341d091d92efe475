import { describe, expect, it } from "vitest";
import { asServiceUnavailable, databaseTrouble } from "./unavailable";

describe("databaseTrouble", () => {
  it("recognises PostgreSQL shutting down or unreachable, however deeply the driver error is wrapped", () => {
    expect(databaseTrouble(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe("unavailable");
    expect(databaseTrouble(new Error("wrapped", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) }))).toBe("unavailable");
    expect(databaseTrouble({ name: "PrismaClientKnownRequestError", message: "x", meta: { driverAdapterError: { cause: { originalCode: "57P03", kind: "postgres" } } } })).toBe("unavailable");
    expect(databaseTrouble(new Error("Client has encountered a connection error and is not queryable"))).toBe("unavailable");
    expect(databaseTrouble(Object.assign(new Error("x"), { code: "08006" }))).toBe("unavailable");
  });

  it("tells a busy SQLite apart, and leaves every other error alone", () => {
    expect(databaseTrouble(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBe("busy");
    expect(databaseTrouble(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeNull();
    expect(databaseTrouble(new Error("No such task of yours."))).toBeNull();
    expect(databaseTrouble(null)).toBeNull();
  });

  it("names a full, read-only or failing disk on either engine, through any wrapping", () => {
    expect(databaseTrouble(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }))).toBe("disk-full");
    // Prisma's SQLite adapter: the numeric extended code only (SQLITE_FULL = 13).
    expect(databaseTrouble({ name: "PrismaClientKnownRequestError", message: "x", meta: { driverAdapterError: { cause: { kind: "sqlite", extendedCode: 13, message: "" } } } })).toBe("disk-full");
    expect(databaseTrouble(Object.assign(new Error("could not extend file \"base/1/2\": No space left on device"), { code: "53100" }))).toBe("disk-full");
    expect(databaseTrouble(Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY_DBMOVED" }))).toBe("read-only");
    expect(databaseTrouble({ message: "x", meta: { driverAdapterError: { cause: { kind: "sqlite", extendedCode: 1032, message: "" } } } })).toBe("read-only");
    expect(databaseTrouble(Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" }))).toBe("read-only");
    expect(databaseTrouble(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_WRITE" }))).toBe("storage");
    expect(databaseTrouble(Object.assign(new Error("unable to open database file"), { code: "SQLITE_CANTOPEN" }))).toBe("storage");
    expect(asServiceUnavailable(Object.assign(new Error("x"), { code: "SQLITE_FULL" }))!.message).toMatch(/disk is full; nothing was saved/);
    // A constraint failure is the caller's business, not the disk's.
    expect(databaseTrouble({ message: "x", meta: { driverAdapterError: { cause: { kind: "sqlite", extendedCode: 2067, message: "UNIQUE constraint failed" } } } })).toBeNull();
  });

  it("turns trouble into a retryable 503 with a message that says nothing was saved", () => {
    const e = asServiceUnavailable(Object.assign(new Error("the database system is shutting down"), { code: "57P01" }))!;
    expect(e.code).toBe("SERVICE_UNAVAILABLE");
    expect(e.message).toMatch(/nothing was saved/);
    expect(asServiceUnavailable(new Error("boom"))).toBeNull();
  });
});
