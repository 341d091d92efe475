// A researcher makes an API token in the browser (shown once), a script uses it against the REST
// API (no browser session involved), the token is revoked and stops working, and an admin sees it.
import { expect, request as httpRequest, test } from "@playwright/test";
import { e2eDatabase, loginAs, startStudy, USERS } from "../fixtures";

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
