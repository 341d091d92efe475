// The REST API on a real database, through the same dispatcher the route serves: the OpenAPI
// document and the routes are one list; every endpoint wants a token; and the walkthrough of
// docs/api.md — upload material, create and start a study, grade from another front-end, poll
// progress, download the report (with ETag) and the judgments — works, with idempotent retries.
import { readdirSync } from "node:fs";
import { validate } from "@readme/openapi-parser";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../seed/factories";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { dispatch } from "./dispatch";
import { ENDPOINTS } from "./registry";
import { openApiDocument } from "./openapi";

const BASE = "http://verdict.test/api/v1";
type Init = { method?: string; token?: string; json?: unknown; body?: string; headers?: Record<string, string> };
function call(db: TestDatabase["db"], route: string, init: Init = {}) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  return dispatch(db, new Request(`${BASE}${route}`, { method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"), headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body }));
}

describe("the API's routes and its OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (checked by a maintained validator, which does catch a broken one)", async () => {
    expect(await validate(structuredClone(openApiDocument()) as never)).toMatchObject({ valid: true, specification: "OpenAPI" });
    const broken = structuredClone(openApiDocument()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    broken.paths["/me"].get.parameters = [{ name: "x", schema: { type: "string" } }]; // a parameter must say where it goes ("in")
    expect(await validate(broken as never)).toMatchObject({ valid: false });
  });

  it("are the same list: every endpoint documented, no route outside the registry", () => {
    const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { operationId: string; security: unknown[]; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)).sort();
    expect(documented).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of Object.values(doc.paths).flatMap((ops) => Object.values(ops))) {
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
    // The only route files under app/api/v1 are the catch-all that serves the registry.
    const routes: string[] = [];
    const walk = (dir: string) => { for (const f of readdirSync(dir, { withFileTypes: true })) f.isDirectory() ? walk(path.join(dir, f.name)) : routes.push(path.join(dir, f.name)); };
    const root = path.resolve(import.meta.dirname, "../../app/api/v1");
    walk(root);
    expect(routes.map((r) => path.relative(root, r))).toEqual([path.join("[...path]", "route.ts")]);
  });
});

describe.each(await testEngines())("REST API on %s", (engine) => {
  let t: TestDatabase;
  let write: string;
  let grade: string;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const researcher = asSessionUser(await makeUser(t.db, { role: "RESEARCHER" }));
    write = (await callerFor(t.db, researcher).tokens.create({ name: "pipeline", scopes: ["read", "write"] })).secret;
    const grader = asSessionUser(await makeUser(t.db, { role: "GRADER", locales: ["en-US"] }), ["en-US"]);
    grade = (await callerFor(t.db, grader).tokens.create({ name: "front-end", scopes: ["grade"] })).secret;
  });
  afterAll(async () => t.drop());

  it("refuses every endpoint without a token, unknown paths and wrong methods, in JSON", async () => {
    for (const e of ENDPOINTS) {
      const res = await call(t.db, e.path.replace(/\{\w+\}/g, "x"), { method: e.method, body: e.method === "POST" ? "{}" : undefined });
      expect([e.path, res.status]).toEqual([e.path, 401]);
    }
    const missing = await call(t.db, "/nothing", { token: write });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("no_such_endpoint");
    const wrong = await call(t.db, "/studies", { method: "DELETE", token: write });
    expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "GET, POST"]);
    expect((await call(t.db, "/openapi.json")).status).toBe(200); // the document itself is public
  });

  it("lets an admin token manage users, and no other", async () => {
    const admin = asSessionUser(await makeUser(t.db, { role: "ADMIN" }));
    const token = (await callerFor(t.db, admin).tokens.create({ name: "provisioning", scopes: ["admin"] })).secret;
    await t.db.locale.upsert({ where: { code: "ja-JP" }, create: { code: "ja-JP", name: "Japanese", region: "Asia-Pacific" }, update: {} });
    const created = await call(t.db, "/users", { token, json: { email: "New.Grader@example.org", displayName: "New Grader", role: "GRADER", password: "a long fresh passphrase", locales: ["ja-JP"] } });
    expect([created.status, await created.json()]).toEqual([201, expect.objectContaining({ email: "new.grader@example.org", role: "GRADER" })]);
    const listed = (await (await call(t.db, "/users", { token })).json()) as { users: { email: string; locales: string[] }[] };
    expect(listed.users.find((u) => u.email === "new.grader@example.org")?.locales).toEqual(["ja-JP"]);
    expect((await call(t.db, "/users", { token: write })).status).toBe(403);
    const taken = await call(t.db, "/users", { token, json: { email: "new.grader@example.org", displayName: "Again", role: "GRADER", password: "a long fresh passphrase" } });
    expect([taken.status, ((await taken.json()) as { error: { code: string } }).error.code]).toEqual([409, "conflict"]);
  });

  it("runs the walkthrough: material → study → grading → progress → report and judgments", async () => {
    const csv = ["prompt_id,prompt,locale,category,modality,model,response",
      "w1,Say hello.,en-US,Greetings,text,Walk A,Hello!", "w1,Say hello.,en-US,Greetings,text,Walk B,Hi.",
      "w2,Say goodbye.,en-US,Greetings,text,Walk A,Goodbye!", "w2,Say goodbye.,en-US,Greetings,text,Walk B,Bye."].join("\n");
    const uploaded = await call(t.db, "/material?fileName=walk.csv&promptSet=Walkthrough", { token: write, body: csv });
    expect(await uploaded.json()).toEqual({ summary: { promptSet: "Walkthrough", rows: 4, prompts: 2, models: ["Walk A", "Walk B"] } });

    const bad = await call(t.db, "/material?fileName=bad.csv", { token: write, body: "prompt_id,prompt,locale,category,modality,model,response\nb1,,en_US,X,text,M,R" });
    expect(bad.status).toBe(422);
    const problems = ((await bad.json()) as { error: { problems: { line: number; field: string }[] } }).error.problems;
    expect(problems.map((p) => `${p.line} ${p.field}`)).toEqual(["2 prompt", "2 locale"]);

    const models = ((await (await call(t.db, "/models", { token: write })).json()) as { models: { id: string; name: string }[] }).models;
    const sets = ((await (await call(t.db, "/prompt-sets", { token: write })).json()) as { promptSets: { id: string; name: string }[] }).promptSets;
    const definition = { name: "Walk A vs B", type: "SIDE_BY_SIDE", modelIds: ["Walk A", "Walk B"].map((n) => models.find((m) => m.name === n)!.id),
      promptSetId: sets.find((s) => s.name === "Walkthrough")!.id, dimensionKeys: ["overall"], redundancy: 1 };
    const key = { "Idempotency-Key": "create-walk-study-1" };
    const created = await call(t.db, "/studies", { token: write, json: definition, headers: key });
    expect(created.status).toBe(201);
    const study = (await created.json()) as { id: string; items: number };
    expect(study.items).toBe(2);
    // A retry with the same key answers the same, and creates nothing; another request with it is refused.
    const retried = await call(t.db, "/studies", { token: write, json: definition, headers: key });
    expect([retried.status, retried.headers.get("idempotent-replayed"), await retried.json()]).toEqual([201, "true", study]);
    expect(await t.db.study.count({ where: { name: "Walk A vs B" } })).toBe(1);
    expect((await call(t.db, "/studies", { token: write, json: { ...definition, name: "Other" }, headers: key })).status).toBe(422);
    const invalid = await call(t.db, "/studies", { token: write, json: { ...definition, redundancy: 0 } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toContain("redundancy");

    expect((await (await call(t.db, `/studies/${study.id}/status`, { token: write, json: { status: "RUNNING" } })).json())).toEqual({ id: study.id, status: "RUNNING" });
    // A read-write token cannot grade; the grader's grade token can, blind.
    expect((await call(t.db, `/grading/${study.id}/next`, { token: write, json: {} })).status).toBe(403);
    for (let i = 0; i < 2; i++) {
      const task = (await (await call(t.db, `/grading/${study.id}/next`, { token: grade, json: {} })).json()) as { assignmentId: string; dimensions: { key: string }[] };
      expect(JSON.stringify(task)).not.toContain("Walk A");
      const answer = { assignmentId: task.assignmentId, values: { overall: 2 }, timeSpentMs: 5000 };
      expect(await (await call(t.db, "/grading/submit", { token: grade, json: answer })).json()).toMatchObject({ status: "stored" });
      expect(await (await call(t.db, "/grading/submit", { token: grade, json: answer })).json()).toMatchObject({ status: "already-submitted" });
    }
    expect((await call(t.db, `/grading/${study.id}/next`, { token: grade, json: {} })).status).toBe(204);

    const progress = (await (await call(t.db, `/studies/${study.id}`, { token: write })).json()) as { progress: { submitted: number; wanted: number } };
    expect(progress.progress).toMatchObject({ submitted: 2, wanted: 2 });
    const page = (await (await call(t.db, "/studies?limit=1", { token: write })).json()) as { studies: unknown[]; total: number; next: number | null };
    expect([page.studies.length, page.total, page.next]).toEqual([1, 1, null]);
    const first = (await (await call(t.db, "/models?limit=1", { token: write })).json()) as { models: { name: string }[]; total: number; next: number | null };
    const second = (await (await call(t.db, "/models?limit=1&offset=1", { token: write })).json()) as { models: { name: string }[]; next: number | null };
    expect([first.models.length, first.total, first.next, second.next]).toEqual([1, 2, 1, null]);
    expect(new Set([first.models[0].name, second.models[0].name])).toEqual(new Set(["Walk A", "Walk B"]));
    expect((await call(t.db, "/models?limit=500", { token: write })).status).toBe(400);

    const report = await call(t.db, `/studies/${study.id}/report`, { token: write });
    expect(report.status).toBe(200);
    expect((await report.text()).split("\n")[0]).toBe("study,type,model_a,model_b,dimension,slice,metric,value,ci_low,ci_high,n,n_clusters,note");
    const etag = report.headers.get("etag")!;
    expect(report.headers.get("last-modified")).toBeTruthy();
    expect((await call(t.db, `/studies/${study.id}/report`, { token: write, headers: { "If-None-Match": etag } })).status).toBe(304);
    const filtered = (await (await call(t.db, `/studies/${study.id}/report?format=json&slice=all&dimension=overall`, { token: write })).json()) as { rows: { slice: string; dimension: string }[] };
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.every((r) => r.slice === "all" && r.dimension === "overall")).toBe(true);

    const judgments = await (await call(t.db, `/studies/${study.id}/judgments`, { token: write })).text();
    expect(judgments.trim().split("\n")).toHaveLength(3); // header and two judgments
    const board = await call(t.db, `/leaderboard?study=${encodeURIComponent("Walk A vs B")}&format=json`, { token: write });
    expect(board.status).toBe(200);
  });
});
