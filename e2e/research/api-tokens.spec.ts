// A researcher makes an API token in the browser (shown once), a script uses it against the REST
// API (no browser session involved), the token is revoked and stops working, and an admin sees it.
import { expect, request as httpRequest, test } from "@playwright/test";
import { e2eDatabase, loginAs, startStudy, trpcCall, USERS } from "../fixtures";

test("a researcher's token drives the REST API until it is revoked; an admin sees every token", async ({ page, browser, baseURL }) => {
  const studyId = await startStudy(browser, { name: "E2E API study", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["en-US"], dimensionKeys: ["overall"] });
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  const form = page.getByRole("form", { name: "Create API token" });
  // A researcher may give read and write, nothing more.
  await expect(form.getByRole("checkbox")).toHaveCount(2);
  await form.getByLabel("Name (what will use it)").fill("e2e pipeline");
  await form.getByRole("checkbox", { name: /^write/ }).check();
  await form.getByRole("button", { name: "Create token" }).click();
  const secret = (await page.getByTestId("new-token").textContent())!;
  expect(secret).toMatch(/^vd_/);
  await expect(page.getByRole("table", { name: "API tokens" })).toContainText("e2e pipeline");

  // A script: no cookies, only the token.
  const script = await httpRequest.newContext({ baseURL });
  const auth = { Authorization: `Bearer ${secret}` };
  const listed = await script.get("/api/v1/studies", { headers: auth });
  expect(listed.status()).toBe(200);
  expect(((await listed.json()) as { studies: { name: string }[] }).studies.map((s) => s.name)).toContain("E2E API study");
  const anonymous = await script.get("/api/v1/studies");
  expect(anonymous.status()).toBe(401);
  expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
  const paused = await script.post(`/api/v1/studies/${studyId}/status`, { headers: auth, data: { status: "PAUSED" } });
  expect(paused.status()).toBe(200);
  const db = e2eDatabase();
  expect((db.prepare(`SELECT "status" FROM "Study" WHERE "id" = ?`).get(studyId) as { status: string }).status).toBe("PAUSED");
  db.close();

  // The secret is gone after a reload; the token's last use shows.
  await page.reload();
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  const row = page.getByRole("row", { name: /e2e pipeline/ });
  await expect(row).not.toContainText("never");
  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toContainText("revoked");
  const refused = await script.get("/api/v1/studies", { headers: auth });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("revoked_token");
  await script.dispose();

  const admin = await browser.newPage();
  await loginAs(admin, USERS.admin, "/admin/users");
  await admin.goto("/admin/tokens");
  await expect(admin.getByRole("row", { name: /e2e pipeline/ })).toContainText("researcher@verdict.local");
  await admin.close();
});

test("the docs/api.md walkthrough over HTTP: upload material, create and start a study, poll progress, download the report", async ({ page, baseURL }) => {
  await loginAs(page, USERS.researcher, "/studies");
  const made = await trpcCall<{ secret: string }>(page, "tokens.create", { name: "walkthrough", scopes: ["read", "write"] });
  const api = await httpRequest.newContext({ baseURL: `${baseURL}/api/v1/`, extraHTTPHeaders: { Authorization: `Bearer ${made.data.secret}` } });
  // Model names of their own: the e2e database is shared, and other tests look for "Baseline" as a label.
  const csv = ["prompt_id,prompt,locale,category,modality,model,response",
    "k1,Name a colour.,en-US,Quiz,text,Checkpoint 42,Blue.", "k1,Name a colour.,en-US,Quiz,text,Checkpoint 41,Sky.",
    "k2,Name a fruit.,en-US,Quiz,text,Checkpoint 42,Apple.", "k2,Name a fruit.,en-US,Quiz,text,Checkpoint 41,Rock."].join("\n");
  const uploaded = await api.post("material?fileName=checkpoint-42.csv&promptSet=Checkpoint%2042", { data: csv, headers: { "Idempotency-Key": "walkthrough-upload-1" } });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const models = Object.fromEntries(((await (await api.get("models")).json()) as { models: { id: string; name: string }[] }).models.map((m) => [m.name, m.id]));
  const sets = Object.fromEntries(((await (await api.get("prompt-sets")).json()) as { promptSets: { id: string; name: string }[] }).promptSets.map((s) => [s.name, s.id]));
  const created = await api.post("studies", { data: { name: "Checkpoint 42 vs 41", type: "SIDE_BY_SIDE", modelIds: [models["Checkpoint 42"], models["Checkpoint 41"]],
    promptSetId: sets["Checkpoint 42"], dimensionKeys: ["overall"], redundancy: 1 }, headers: { "Idempotency-Key": "walkthrough-study-1" } });
  expect(created.status(), await created.text()).toBe(201);
  const study = (await created.json()) as { id: string };
  expect((await api.post(`studies/${study.id}/status`, { data: { status: "RUNNING" } })).status()).toBe(200);
  const progress = (await (await api.get(`studies/${study.id}`)).json()) as { status: string; progress: { submitted: number; wanted: number } };
  expect(progress).toMatchObject({ status: "RUNNING", progress: { submitted: 0, wanted: 2 } });
  const report = await api.get(`studies/${study.id}/report`);
  expect(report.status()).toBe(200);
  expect(report.headers()["content-type"]).toContain("text/csv");
  expect((await report.text()).startsWith("study,type,model_a,model_b")).toBe(true);
  const doc = (await (await api.get("openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/studies/{id}/report");
  await api.dispose();
  // The browsable reference lists the same endpoints.
  await page.goto("/api-reference");
  await expect(page.getByRole("region", { name: "GET /studies/{id}/report" })).toBeVisible();
});
