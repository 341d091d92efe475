// Passwords an admin sets (creating a user, or resetting one) and `verdict users add` pass the
// password policy: common, breached, e-mail-based and trivially guessable ones are refused with why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../seed/factories";
import { asSessionUser, callerFor } from "../test/caller";
import { runCli } from "../test/run-cli";
import { createTestDatabase, type TestDatabase } from "../test/test-database";

describe("the password policy where passwords are set", () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase("sqlite"); });
  afterAll(async () => t?.drop());

  it("refuses weak passwords on create and on reset, naming the reason, and stores nothing", async () => {
    const admin = callerFor(t.db, asSessionUser(await makeUser(t.db, { role: "ADMIN" })));
    const create = (email: string, password: string) => admin.users.create({ email, displayName: "X", role: "GRADER", password, locales: [] });
    await expect(create("weak@test.verdict", "aaaaaaaaaa")).rejects.toThrow(/^password: Password is too easy to guess: Repeated characters/);
    await expect(create("weak@test.verdict", "password123")).rejects.toThrow("password: Password is one of the most commonly used passwords");
    await expect(create("maria.lopez@test.verdict", "maria.lopez2026")).rejects.toThrow(/contains the e-mail's name/);
    expect(await t.db.user.count({ where: { email: { in: ["weak@test.verdict", "maria.lopez@test.verdict"] } } })).toBe(0);
    const made = await create("fine@test.verdict", "correct horse battery");
    const before = (await t.db.user.findUniqueOrThrow({ where: { id: made.id } })).passwordHash;
    await expect(admin.users.update({ id: made.id, password: "qwertyuiop" })).rejects.toThrow(/most commonly used/);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: made.id } })).passwordHash).toBe(before);
  });

  it("the CLI says why a password is refused", () => {
    const r = runCli(["users", "add", "--email", "cli@test.verdict", "--role", "GRADER", "--password", "1234567890"], t.target.url);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("most commonly used passwords");
  });
});
