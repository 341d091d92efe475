// Personal API tokens end to end on a real database: made and shown once (only a hash kept),
// scoped within the role, refused when unknown, revoked, expired or over the rate limit — each with
// its status and a JSON error — and the REST endpoints acting as the token's user, writes audited.
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePrompt, makePromptSet, makeStudy, makeUser } from "../../seed/factories";
import { dispatch } from "../api/dispatch";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { authenticateToken } from "./service";

const request = (path: string, token: string | null, init: { method?: string; body?: string } = {}) =>
  new Request(`http://verdict.test/api/v1${path.replace(/^\/api\/v1/, "")}`, { method: init.method ?? "GET", body: init.body,
    headers: token ? { Authorization: `Bearer ${token}` } : {} });
const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error });

describe.each(await testEngines())("API tokens on %s", (engine) => {
  let t: TestDatabase;
  let researcher: ReturnType<typeof asSessionUser>;
  let studyId: string;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    researcher = asSessionUser(await makeUser(t.db, { role: "RESEARCHER" }));
    const set = await makePromptSet(t.db, { name: "API prompts" });
    const [a, b] = await Promise.all(["API A", "API B"].map((name) => t.db.model.create({ data: { name, family: "API" } })));
    await makePrompt(t.db, { promptSetId: set.id, localeCode: "en-US", responses: [{ modelId: a.id, text: "a" }, { modelId: b.id, text: "b" }] });
    studyId = (await makeStudy(t.db, { name: "API study", type: "SIDE_BY_SIDE", modelIds: [a.id, b.id], promptSetId: set.id })).id;
  });
  afterAll(async () => t.drop());

  it("shows the secret once and keeps only its hash; lists tokens without it", async () => {
    const api = callerFor(t.db, researcher);
    const made = await api.tokens.create({ name: "notebook", scopes: ["read"], expiresInDays: 30 });
    expect(made.secret).toMatch(/^vd_[\w-]{8}_[\w-]{43}$/);
    expect(made.secret.startsWith(made.prefix)).toBe(true);
    const row = await t.db.apiToken.findUniqueOrThrow({ where: { id: made.id } });
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(made.prefix.length));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mine = await api.tokens.mine();
    expect(mine.map((x) => [x.name, x.scopes, x.state, x.prefix])).toEqual([["notebook", ["read"], "active", made.prefix]]);
    expect(JSON.stringify(mine)).not.toContain(made.secret);
  });

  it("gives a token no scope beyond its user's role", async () => {
    const grader = asSessionUser(await makeUser(t.db, { role: "GRADER" }));
    const refused = (await callerFor(t.db, grader).tokens.create({ name: "x", scopes: ["grade", "read"] }).catch((e) => e)) as TRPCError;
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.message).toBe("Your role (grader) cannot give a token the read scope.");
    expect((await callerFor(t.db, grader).tokens.create({ name: "front-end", scopes: ["grade"] })).secret).toMatch(/^vd_/);
  });

  it("answers the REST API as the token's user, and refuses with a status and a JSON error that say why", async () => {
    const api = callerFor(t.db, researcher);
    const read = (await api.tokens.create({ name: "reader", scopes: ["read"] })).secret;
    const write = (await api.tokens.create({ name: "pipeline", scopes: ["read", "write"] })).secret;

    expect(await (await dispatch(t.db, request("/api/v1/me", read))).json()).toMatchObject({ id: researcher.id, role: "RESEARCHER", scopes: ["read"] });
    const list = await dispatch(t.db, request("/api/v1/studies", read));
    expect(list.status).toBe(200);
    expect(((await list.json()) as { studies: { name: string }[] }).studies.map((s) => s.name)).toContain("API study");
    expect((await dispatch(t.db, request(`/api/v1/studies/${studyId}`, read))).status).toBe(200);

    expect(await errorOf(await dispatch(t.db, request("/api/v1/studies", null)))).toMatchObject({ status: 401, code: "unauthenticated" });
    expect(await errorOf(await dispatch(t.db, request("/api/v1/studies", `${read.slice(0, -4)}AAAA`)))).toMatchObject({ status: 401, code: "unknown_token" });
    expect(await errorOf(await dispatch(t.db, request("/api/v1/studies/nope", read)))).toEqual({ status: 404, code: "not_found", message: "No such study." });
    const body = JSON.stringify({ status: "RUNNING" });
    expect(await errorOf(await dispatch(t.db, request(`/api/v1/studies/${studyId}/status`, read, { method: "POST", body }))))
      .toEqual({ status: 403, code: "insufficient_scope", message: "This needs the write scope; the token has read." });
    expect(await errorOf(await dispatch(t.db, request(`/api/v1/studies/${studyId}/status`, write, { method: "POST", body: "{oops" }))))
      .toMatchObject({ status: 400, code: "bad_request", message: "The body is not valid JSON." });
    const invalid = await errorOf(await dispatch(t.db, request(`/api/v1/studies/${studyId}/status`, write, { method: "POST", body: JSON.stringify({ status: "DONE" }) })));
    expect(invalid).toMatchObject({ status: 400, code: "invalid_input" });
    expect(invalid.message).toContain("status");

    const started = await dispatch(t.db, request(`/api/v1/studies/${studyId}/status`, write, { method: "POST", body }));
    expect(await started.json()).toEqual({ id: studyId, status: "RUNNING" });
    // The write is in the audit trail twice over: the study's own event and the token that made it.
    const audit = await t.db.auditEvent.findMany({ where: { action: { in: ["study.status", "api.write"] } }, orderBy: { at: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["study.status", researcher.id], ["api.write", researcher.id]]);
    expect(JSON.parse(audit[1].details)).toEqual({ method: "POST", path: `/api/v1/studies/${studyId}/status`, status: 200 });
    const used = await t.db.apiToken.findFirstOrThrow({ where: { name: "pipeline" } });
    expect(audit[1].entityId).toBe(used.id);
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("stops a revoked or expired token, and one whose user lost the role; only the owner or an admin revokes", async () => {
    const owner = asSessionUser(await makeUser(t.db, { role: "RESEARCHER" }));
    const admin = asSessionUser(await makeUser(t.db, { role: "ADMIN" }));
    const other = asSessionUser(await makeUser(t.db, { role: "RESEARCHER" }));
    const now = new Date();
    const a = await callerFor(t.db, owner).tokens.create({ name: "a", scopes: ["read"] });
    const b = await callerFor(t.db, owner).tokens.create({ name: "b", scopes: ["read"], expiresInDays: 1 });
    const auth = (secret: string, at = now) => authenticateToken(t.db, `Bearer ${secret}`, "read", at);

    expect(((await callerFor(t.db, other).tokens.revoke({ tokenId: a.id }).catch((e) => e)) as TRPCError).code).toBe("NOT_FOUND");
    expect(await callerFor(t.db, admin).tokens.revoke({ tokenId: a.id })).toEqual({ revoked: true });
    expect(await auth(a.secret)).toMatchObject({ ok: false, status: 401, code: "revoked_token" });
    expect((await callerFor(t.db, admin).tokens.all()).find((x) => x.id === a.id)?.state).toBe("revoked");

    expect(await auth(b.secret, new Date(now.getTime() + 2 * 86_400_000))).toMatchObject({ ok: false, status: 401, code: "expired_token" });
    expect(await auth(b.secret)).toMatchObject({ ok: true });
    await t.db.user.update({ where: { id: owner.id }, data: { role: "GRADER" } });
    expect(await auth(b.secret)).toMatchObject({ ok: false, status: 403, code: "insufficient_scope" });
  });

  it("limits requests per token per minute, shared through the database, and says when to retry", async () => {
    const made = await callerFor(t.db, researcher).tokens.create({ name: "busy", scopes: ["read"] });
    const at = new Date(); // the token lives 90 days from now
    const auth = (ms: number) => authenticateToken(t.db, `Bearer ${made.secret}`, "read", new Date(at.getTime() + ms), 3);
    for (const ms of [0, 1000, 2000]) expect((await auth(ms)).ok).toBe(true);
    expect(await auth(20_000)).toMatchObject({ ok: false, status: 429, code: "rate_limited", retryAfterSeconds: 40 });
    expect((await auth(61_000)).ok).toBe(true); // a new window
    // Counted atomically: of 20 requests at once in a fresh window, exactly the limit's 3 pass, and every one is counted.
    const results = await Promise.all(Array.from({ length: 20 }, () => auth(130_000)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const row = await t.db.apiToken.findUniqueOrThrow({ where: { id: made.id }, select: { windowStart: true, windowCount: true, lastUsedAt: true } });
    expect(row).toEqual({ windowStart: new Date(at.getTime() + 130_000), windowCount: 20, lastUsedAt: new Date(at.getTime() + 130_000) });
  });
});
