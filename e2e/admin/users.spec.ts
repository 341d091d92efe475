import { expect, test } from "@playwright/test";
import { errorAlert, login, loginAs, USERS } from "../fixtures";

test("an admin creates a grader who can then log in, re-roles and deactivates them", async ({ page, browser }) => {
  await loginAs(page, USERS.admin, "/admin/users");
  const form = page.getByRole("form", { name: "Create user" });
  await form.getByLabel("Email").fill("new.grader@verdict.local");
  await form.getByLabel("Display name").fill("New Grader");
  await form.getByLabel("Initial password (10+ characters)").fill("a fresh password");
  await form.getByLabel("ja-JP").check();
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(form.getByRole("status")).toHaveText("Created new.grader@verdict.local.");
  const row = page.getByTestId("user-new.grader@verdict.local");
  await expect(row).toContainText("ja-JP");

  // Creating the same email again is refused with a message that names it.
  await form.getByLabel("Email").fill("new.grader@verdict.local");
  await form.getByLabel("Display name").fill("Again");
  await form.getByLabel("Initial password (10+ characters)").fill("a fresh password");
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(form.getByRole("alert")).toHaveText("A user with email new.grader@verdict.local already exists.");

  const other = await browser.newPage();
  await login(other, "new.grader@verdict.local", "a fresh password");
  await expect(other).toHaveURL(/\/queue$/);
  await expect(other.getByText("ja-JP")).toBeVisible();

  await row.getByRole("button", { name: "Deactivate" }).click();
  await expect(row.getByRole("button", { name: "Reactivate" })).toBeVisible();
  // The deactivated grader's open session ends, and logging in again says why.
  await other.goto("/queue");
  await expect(other).toHaveURL(/\/login/);
  await login(other, "new.grader@verdict.local", "a fresh password");
  await expect(errorAlert(other)).toHaveText("This account has been deactivated. Ask an administrator to reactivate it.");
});

test("an admin adds a locale with a BCP 47 check", async ({ page }) => {
  await loginAs(page, USERS.admin, "/admin/users");
  await page.goto("/admin/locales");
  const form = page.getByRole("form", { name: "Add or rename locale" });
  await form.getByLabel("Code (BCP 47)").fill("korean");
  await form.getByLabel("Name").fill("Korean");
  await form.getByLabel("Region").fill("Asia-Pacific");
  await form.getByRole("button", { name: "Save locale" }).click();
  await expect(form.getByRole("alert")).toContainText("code: Use a BCP 47 tag");
  await form.getByLabel("Code (BCP 47)").fill("ko-KR");
  await form.getByRole("button", { name: "Save locale" }).click();
  await expect(page.getByRole("cell", { name: "ko-KR" })).toBeVisible();
});
