// Shared helpers for browser tests: demo logins and direct access to the e2e database.
import Database from "better-sqlite3";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../seed/demo-content";

export const USERS = {
  admin: "admin@verdict.local",
  researcher: "researcher@verdict.local",
  grader: "grader@verdict.local",
  graderJa: "grader7@verdict.local",
};

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function loginAs(page: Page, email: string, home: string) {
  await login(page, email);
  await expect(page).toHaveURL(new RegExp(`${home}$`));
}

/** The e2e server's SQLite file, for arranging states the UI cannot reach quickly (e.g. an expired session). */
export function e2eDatabase() {
  return new Database(path.resolve(import.meta.dirname, "..", "data", "e2e", "verdict.db"));
}

/** The app's own error message (Next adds an empty role="alert" route announcer of its own). */
export const errorAlert = (scope: Page | import("@playwright/test").Locator) => scope.locator('p[role="alert"]');
