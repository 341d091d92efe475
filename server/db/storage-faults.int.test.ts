// The database's storage fails under a running app: the disk fills up, or turns read-only. Every
// request that needed to write gets one clear, retryable 503 naming the cause, nothing is half
// written, and once the storage is back the same process serves logins and submissions again
// (an outside run saw every later login hang until a restart).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStudy, makeUser } from "../../seed/factories";
import { callerFor } from "../test/caller";
import { makeGrader, smallLandscape } from "../test/fixtures";
import { mountSmallFilesystem, type SmallFilesystem } from "../test/small-filesystem";
import pg from "pg";
import { createTestDatabase, PG_ADMIN_URL, testEngines, type TestDatabase } from "../test/test-database";
import { createDb } from "./client";
import { closeNativeConnections } from "./close-native";
import { runCli } from "../test/run-cli";
import { sqliteRead } from "./sqlite-immediate";
import { DATABASE_READ_ONLY } from "./unavailable";

const PASSWORD = "correct horse battery";

/** Fails instead of hanging: a request that never answers is the bug this file guards against. */
function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))]);
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await within(20_000, "request", p);
  } catch (e) {
    const err = e as { code?: string; message: string };
    return { code: err.code ?? "none", message: err.message };
  }
  throw new Error("expected the request to be refused");
}

const fs = mountSmallFilesystem(24);

describe.runIf(fs)("storage faults on SQLite", () => {
  let t: TestDatabase;
  let small: SmallFilesystem;
  beforeAll(async () => {
    small = fs!;
    t = await createTestDatabase("sqlite", { dir: small.dir });
  });
  afterAll(async () => {
    small?.writable();
    await t?.drop();
    small?.unmount();
  });

  async function setUp() {
    const l = await smallLandscape(t.db, { promptsPerLocale: 3, locales: ["en-US"] });
    const s = await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id, redundancy: 1, dimensionKeys: ["overall"] },
      { createdById: l.researcher.id, status: "RUNNING" });
    const grader = await makeGrader(t.db, ["en-US"]);
    const { email } = await t.db.user.findUniqueOrThrow({ where: { id: grader.id } });
    const api = callerFor(t.db, grader);
    const task = (await api.grading.next({ studyId: s.id }))!;
    // An empty write-ahead log: the next write must grow a file on the filesystem.
    sqliteRead(t.db, (tx) => tx.all("PRAGMA wal_checkpoint(TRUNCATE)"));
    return { api, task, email, submit: () => api.grading.submit({ assignmentId: task.assignmentId, values: { overall: 1 } }) };
  }

  const login = (email: string, password = PASSWORD) => callerFor(t.db, null).auth.login({ email, password });

  it("a full disk: 503 naming it, nothing half-written, and logins and submissions work again once space returns", async () => {
    const { task, email, submit } = await setUp();
    small.fill();
    try {
      for (const attempt of [submit, () => login(email, "a wrong password"), () => login(email)]) {
        const r = await refusal(attempt());
        expect(r).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
        expect(r.message).toMatch(/disk .*is full.*nothing was saved/i);
      }
      expect(await t.db.judgment.count({ where: { assignmentId: task.assignmentId } })).toBe(0);
      expect((await t.db.assignment.findUniqueOrThrow({ where: { id: task.assignmentId } })).status).toBe("LEASED");
    } finally {
      small.free();
    }
    // Same process, no restart.
    expect((await within(10_000, "login after space returned", login(email))).user.email).toBe(email);
    expect((await within(10_000, "submit after space returned", submit())).status).toBe("stored");
  });

  it("a read-only disk: 503 naming it, and everything works again once it is writable", async () => {
    const { task, email, submit } = await setUp();
    // A filesystem cannot turn read-only under files open for writing: close this "instance's"
    // connections, as at a restart, and open them again on the read-only disk.
    await t.db.$disconnect();
    await closeNativeConnections(t.target);
    small.readOnly();
    try {
      for (const attempt of [submit, () => login(email, "a wrong password"), () => login(email)]) {
        const r = await refusal(attempt());
        expect(r).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
        expect(r.message).toMatch(/read-only.*nothing was saved/i);
      }
    } finally {
      small.writable();
    }
    // SQLite in WAL mode cannot even read on a read-only filesystem: look once it is writable again.
    expect(await t.db.judgment.count({ where: { assignmentId: task.assignmentId } })).toBe(0);
    expect((await within(10_000, "login after the disk was writable again", login(email))).user.email).toBe(email);
    expect((await within(10_000, "submit after the disk was writable again", submit())).status).toBe("stored");
  });

  it("the CLI says in one sentence that the database is read-only, without a driver's dump", async () => {
    await t.db.$disconnect();
    await closeNativeConnections(t.target);
    small.readOnly();
    let r;
    try {
      r = runCli(["users", "add", "--email", "ro@test.verdict", "--role", "GRADER", "--password", "a long enough password"], t.target.url);
    } finally {
      small.writable();
    }
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`verdict: ${DATABASE_READ_ONLY}`);
    expect(await t.db.user.count({ where: { email: "ro@test.verdict" } })).toBe(0);
  });
});

const engines = await testEngines();

describe.runIf(engines.includes("pg"))("a read-only PostgreSQL (a standby after failover, or default_transaction_read_only)", () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase("pg"); });
  afterAll(async () => t?.drop());

  const adminQuery = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  it("answers every write with a 503 naming it, stores nothing, and a new connection works once it is writable", async () => {
    const l = await smallLandscape(t.db, { promptsPerLocale: 2, locales: ["en-US"] });
    const s = await makeStudy(t.db, { type: "SIDE_BY_SIDE", modelIds: [l.candidate.id, l.baseline.id], promptSetId: l.set.id, redundancy: 1, dimensionKeys: ["overall"] },
      { createdById: l.researcher.id, status: "RUNNING" });
    const grader = await makeGrader(t.db, ["en-US"]);
    const { email } = await t.db.user.findUniqueOrThrow({ where: { id: grader.id } });
    const task = (await callerFor(t.db, grader).grading.next({ studyId: s.id }))!;
    const name = new URL(t.target.url).pathname.slice(1);
    await adminQuery(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    // Another app instance, whose connections all start read-only.
    const readOnly = createDb(t.target);
    try {
      const attempts = [
        () => callerFor(readOnly, grader).grading.submit({ assignmentId: task.assignmentId, values: { overall: 1 } }),
        () => callerFor(readOnly, null).auth.login({ email, password: "a wrong password" }),
        () => callerFor(readOnly, null).auth.login({ email, password: PASSWORD }),
      ];
      for (const attempt of attempts) {
        const r = await refusal(attempt());
        expect(r).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
        expect(r.message).toMatch(/read-only.*nothing was saved/i);
      }
    } finally {
      await adminQuery(`ALTER DATABASE "${name}" RESET default_transaction_read_only`);
      await readOnly.$disconnect();
    }
    expect(await t.db.judgment.count({ where: { assignmentId: task.assignmentId } })).toBe(0);
    expect(await t.db.loginThrottle.count({ where: { failures: { gt: 1 } } })).toBe(0);
    const writable = createDb(t.target);
    try {
      expect((await callerFor(writable, null).auth.login({ email, password: PASSWORD })).user.email).toBe(email);
    } finally {
      await writable.$disconnect();
    }
  });
});
