import { expect, test } from "@playwright/test";
import { e2eDatabase, errorAlert, login, loginAs, USERS } from "../fixtures";

const NAV = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link");

test("a visitor without a session is sent to the login page", async ({ page }) => {
  await page.goto("/studies");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("a grader lands on their queue, sees only it, and is refused researcher pages and procedures", async ({ page }) => {
  await loginAs(page, USERS.grader, "/queue");
  await expect(page.getByRole("heading", { name: "My queue" })).toBeVisible();
  await expect(NAV(page)).toHaveText(["My queue", "API tokens", "Profile"]);
  for (const path of ["/studies", "/models", "/prompts", "/admin/users", "/admin/tokens"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/forbidden/);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  }
  const direct = await page.request.get("/api/trpc/studies.list");
  expect(direct.status()).toBe(403);
  expect(JSON.stringify(await direct.json())).not.toContain("Lumen");
});

test("a researcher sees research pages but not administration", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await expect(NAV(page)).toHaveText(["Studies", "Leaderboard", "Models", "Prompts", "Imports", "API tokens", "Profile"]);
  await expect(page.getByRole("link", { name: "Device 2026 vs 2025 — text" })).toBeVisible();
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/forbidden\?area=admin/);
  await page.goto("/queue");
  await expect(page).toHaveURL(/\/forbidden\?area=grading/);
});

test("an admin manages users and sees research pages", async ({ page }) => {
  await loginAs(page, USERS.admin, "/admin/users");
  await expect(NAV(page)).toHaveText(["Studies", "Leaderboard", "Models", "Prompts", "Imports", "Users", "Locales", "All tokens", "API tokens", "Profile"]);
  await page.getByRole("link", { name: "Studies" }).click();
  await expect(page.getByRole("heading", { name: "Studies" })).toBeVisible();
});

test("a wrong password gets a clear message and no session", async ({ page }) => {
  await login(page, USERS.researcher, "not-the-password");
  await expect(errorAlert(page)).toHaveText("Wrong email or password.");
  await page.goto("/studies");
  await expect(page).toHaveURL(/\/login$/);
});

test("an expired session is told so on its next page", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  const db = e2eDatabase();
  db.prepare(`UPDATE "Session" SET "expiresAt" = ? WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = ?)`)
    .run(new Date(Date.now() - 60_000).toISOString(), USERS.researcher);
  db.close();
  await page.goto("/models");
  await expect(page).toHaveURL(/\/login\?reason=expired/);
  await expect(page.getByRole("status")).toHaveText("Your session has expired. Please log in again.");
});

test("logging out ends the session on the server", async ({ page }) => {
  await loginAs(page, USERS.grader, "/queue");
  const cookie = (await page.context().cookies()).find((c) => c.name === "verdict_session")!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login\?reason=logout/);
  // Replaying the old cookie does not bring the session back.
  await page.context().addCookies([cookie]);
  await page.goto("/queue");
  await expect(page).toHaveURL(/\/login$/);
});
