import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../seed/factories";
import { createRequestContextForTest } from "../test/request-context";
import { callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { LOGIN_MESSAGES, resolveSession, SESSION_MESSAGES } from "./service";
import { sessionIdFromToken } from "./session-token";

describe.each(await testEngines())("login and sessions on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(engine); });
  afterAll(async () => t.drop());

  async function login(email: string, password: string, now = () => new Date(), from: { clientAddress?: string; deviceToken?: string | null } = {}) {
    const resHeaders = new Headers();
    const result = await callerFor(t.db, null, { resHeaders, now, ...from }).auth.login({ email, password });
    return { result, cookie: resHeaders.get("set-cookie") ?? "" };
  }
  const tokenOf = (cookie: string) => decodeURIComponent(/verdict_session=([^;]*)/.exec(cookie)![1]);
  const deviceOf = (cookie: string) => decodeURIComponent(/verdict_device=([^;]*)/.exec(cookie)![1]);
  /** The error code a login attempt ends with ("ok" when it logs in). */
  const outcome = (p: Promise<unknown>) => p.then(() => "ok", (e: TRPCError) => e.code);

  it("logs in with the right password and sets an httpOnly SameSite cookie backed by a session row", async () => {
    const u = await makeUser(t.db, { role: "RESEARCHER", email: "ok@test.verdict", password: "a long password" });
    const { result, cookie } = await login("OK@test.verdict ", "a long password");
    expect(result.user).toMatchObject({ id: u.id, role: "RESEARCHER" });
    expect(cookie).toMatch(/HttpOnly; SameSite=Lax; Max-Age=43200/);
    const token = tokenOf(cookie);
    const row = await t.db.session.findUnique({ where: { id: sessionIdFromToken(token) } });
    expect(row?.userId).toBe(u.id);
    // Only the hash is stored.
    expect(await t.db.session.count({ where: { id: token } })).toBe(0);
    expect((await t.db.user.findUnique({ where: { id: u.id } }))?.lastLoginAt).not.toBeNull();
  });

  it("answers a wrong password and an unknown email with the same message", async () => {
    await makeUser(t.db, { role: "GRADER", email: "wrong@test.verdict", password: "the real password" });
    await expect(login("wrong@test.verdict", "not the password")).rejects.toThrow(LOGIN_MESSAGES.wrong);
    await expect(login("nobody@test.verdict", "whatever it is")).rejects.toThrow(LOGIN_MESSAGES.wrong);
  });

  it("locks after five failures from one client, even for the right password, and says for how long", async () => {
    await makeUser(t.db, { role: "GRADER", email: "lock@test.verdict", password: "the real password" });
    for (let i = 0; i < 4; i++) await expect(login("lock@test.verdict", "bad")).rejects.toThrow(LOGIN_MESSAGES.wrong);
    await expect(login("lock@test.verdict", "bad")).rejects.toThrow("Too many failed attempts. Try again in 30 seconds.");
    const err = await login("lock@test.verdict", "the real password").catch((e) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect(err.code).toBe("TOO_MANY_REQUESTS");
    // After the lock has passed, the right password works and resets the count: the next mistake is a plain one.
    const later = () => new Date(Date.now() + 31_000);
    await expect(login("lock@test.verdict", "the real password", later)).resolves.toBeTruthy();
    await expect(login("lock@test.verdict", "bad", later)).rejects.toThrow(LOGIN_MESSAGES.wrong);
  });

  it("counts concurrent guesses atomically: of 24 at once only the first five check a password, and the right one is refused after", async () => {
    await makeUser(t.db, { role: "GRADER", email: "race@test.verdict", password: "the real password" });
    const outcomes = await Promise.all(Array.from({ length: 24 }, () => outcome(login("race@test.verdict", "a wrong guess"))));
    // Attempts 1-4 are plain failures; the 5th fails and locks; 6-24 never reach the password check.
    expect(outcomes.filter((o) => o === "UNAUTHORIZED")).toHaveLength(4);
    expect(outcomes.filter((o) => o === "TOO_MANY_REQUESTS")).toHaveLength(20);
    expect(await outcome(login("race@test.verdict", "the real password"))).toBe("TOO_MANY_REQUESTS");
  });

  it("an attacker elsewhere cannot lock the owner out of a browser they have used", async () => {
    await makeUser(t.db, { role: "RESEARCHER", email: "victim@test.verdict", password: "the real password" });
    const { cookie } = await login("victim@test.verdict", "the real password", undefined, { clientAddress: "203.0.113.5" });
    const device = deviceOf(cookie);
    // A few wrong guesses from another address lock that address only.
    for (let i = 0; i < 5; i++) await outcome(login("victim@test.verdict", "guess", undefined, { clientAddress: "198.51.100.66" }));
    expect(await outcome(login("victim@test.verdict", "the real password", undefined, { clientAddress: "198.51.100.66" }))).toBe("TOO_MANY_REQUESTS");
    expect(await outcome(login("victim@test.verdict", "the real password", undefined, { clientAddress: "192.0.2.10" }))).toBe("ok");
    // Guessing spread over many addresses trips the account-wide lock for unknown browsers…
    for (let i = 0; i < 25; i++) await outcome(login("victim@test.verdict", "guess", undefined, { clientAddress: `198.51.100.${i}` }));
    expect(await outcome(login("victim@test.verdict", "the real password", undefined, { clientAddress: "192.0.2.99" }))).toBe("TOO_MANY_REQUESTS");
    // …but the owner's known browser still logs in, from anywhere.
    expect(await outcome(login("victim@test.verdict", "the real password", undefined, { clientAddress: "203.0.113.77", deviceToken: device }))).toBe("ok");
    // A device cookie of another account, or a made-up one, is no exemption.
    expect(await outcome(login("victim@test.verdict", "the real password", undefined, { clientAddress: "192.0.2.99", deviceToken: "made-up" }))).toBe("TOO_MANY_REQUESTS");
  });

  it("treats unknown e-mails and accounts without a password exactly like wrong passwords, lock-out included", async () => {
    await makeUser(t.db, { role: "GRADER", email: "known@test.verdict", password: "the real password" });
    await makeUser(t.db, { role: "GRADER", email: "noimport@test.verdict", password: null });
    // One instant for every attempt: on a busy machine a password check can take over a second,
    // and the lock-out message counts its seconds from the attempt's time.
    const at = new Date();
    for (const email of ["known@test.verdict", "nobody-here@test.verdict", "noimport@test.verdict"]) {
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push(await login(email, "wrong guess", () => at).catch((e: TRPCError) => `${e.code} ${e.message}`));
      expect(seen, email).toEqual([...Array(4).fill(`UNAUTHORIZED ${LOGIN_MESSAGES.wrong}`), `TOO_MANY_REQUESTS ${LOGIN_MESSAGES.locked(30)}`, `TOO_MANY_REQUESTS ${LOGIN_MESSAGES.locked(30)}`]);
    }
  });

  it("refuses a deactivated user with a clear message", async () => {
    await makeUser(t.db, { role: "GRADER", email: "gone@test.verdict", password: "the real password", active: false });
    await expect(login("gone@test.verdict", "the real password")).rejects.toThrow(LOGIN_MESSAGES.inactive);
  });

  it("refuses users created by an import, which have no password, with the message any wrong login gets", async () => {
    await makeUser(t.db, { role: "GRADER", email: "imported@test.verdict", password: null });
    await expect(login("imported@test.verdict", "anything at all")).rejects.toThrow(LOGIN_MESSAGES.wrong);
  });

  it("tells an expired session apart from none, and ends sessions of deactivated users", async () => {
    const u = await makeUser(t.db, { role: "GRADER", email: "exp@test.verdict", password: "the real password" });
    const { cookie } = await login("exp@test.verdict", "the real password");
    const token = tokenOf(cookie);
    expect((await resolveSession(t.db, token, new Date())).status).toBe("ok");
    expect((await resolveSession(t.db, token, new Date(Date.now() + 13 * 3600_000))).status).toBe("expired");
    expect((await resolveSession(t.db, "forged", new Date())).status).toBe("none");

    const ctx = await createRequestContextForTest(t.db, token, new Date(Date.now() + 13 * 3600_000));
    await expect(ctx.caller.auth.me()).rejects.toThrow(SESSION_MESSAGES.expired);

    const admin = await makeUser(t.db, { role: "ADMIN" });
    await callerFor(t.db, { ...admin, locales: [] }).users.update({ id: u.id, active: false });
    expect((await resolveSession(t.db, token, new Date())).status).toBe("none");
  });

  it("resolves a session to its user exactly as stored: role, language, locales in the order given, expiry to the millisecond", async () => {
    // Locales given out of alphabetical order: the first one sets the default interface language.
    const u = await makeUser(t.db, { role: "GRADER", email: "resolve@test.verdict", password: "the real password", locales: ["ja-JP", "de-DE", "en-US"] });
    await t.db.user.update({ where: { id: u.id }, data: { uiLanguage: "de" } });
    const { cookie } = await login("resolve@test.verdict", "the real password");
    const token = tokenOf(cookie);
    const stored = await t.db.session.findUnique({ where: { id: sessionIdFromToken(token) }, select: { expiresAt: true } });
    const state = await resolveSession(t.db, token, new Date());
    expect(state).toEqual({ status: "ok", expiresAt: stored!.expiresAt,
      user: { id: u.id, email: "resolve@test.verdict", displayName: u.displayName, role: "GRADER", uiLanguage: "de", locales: ["ja-JP", "de-DE", "en-US"] } });
    // Just past its expiry it is expired, just before it is not: the stored instant, not a rounded one.
    expect((await resolveSession(t.db, token, stored!.expiresAt)).status).toBe("expired");
    expect((await resolveSession(t.db, token, new Date(stored!.expiresAt.getTime() - 1))).status).toBe("ok");
  });

  it("logout deletes the server session, so the old cookie no longer works", async () => {
    await makeUser(t.db, { role: "GRADER", email: "out@test.verdict", password: "the real password" });
    const token = tokenOf((await login("out@test.verdict", "the real password")).cookie);
    const resHeaders = new Headers();
    const { caller } = await createRequestContextForTest(t.db, token, new Date(), resHeaders);
    await caller.auth.logout();
    expect(resHeaders.get("set-cookie")).toContain("Max-Age=0");
    expect((await resolveSession(t.db, token, new Date())).status).toBe("none");
  });
  it("cannot be fixated: a token chosen before login is neither adopted nor valid", async () => {
    await makeUser(t.db, { role: "GRADER", email: "fixation@test.verdict", password: "a long password" });
    // An attacker plants a cookie value, then the victim logs in with that cookie still present.
    const planted = "attacker-chosen-token-0123456789abcdef";
    const resHeaders = new Headers();
    await callerFor(t.db, null, { resHeaders, sessionToken: planted }).auth.login({ email: "fixation@test.verdict", password: "a long password" });
    const issued = tokenOf(resHeaders.get("set-cookie") ?? "");
    expect(issued).not.toBe(planted);
    expect((await resolveSession(t.db, planted, new Date())).status).toBe("none");
    expect((await resolveSession(t.db, issued, new Date())).status).toBe("ok");
  });
});
