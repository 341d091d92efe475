import { expect, test } from "@playwright/test";
import { loginAs, USERS } from "../fixtures";

test("a researcher adds and edits a model, and browses prompts with filters", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: "Models", exact: true }).click();
  const form = page.getByRole("form", { name: "New model" });
  await form.getByLabel("Name").fill("Orbit 1");
  await form.getByLabel("Family").fill("Orbit");
  await form.getByRole("button", { name: "Add model" }).click();
  await expect(page.getByRole("cell", { name: "Orbit 1" })).toBeVisible();
  await page.getByRole("row", { name: /Orbit 1/ }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit model" });
  await edit.getByLabel("Generation or version").fill("2027");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("row", { name: /Orbit 1/ })).toContainText("2027");

  await page.getByRole("link", { name: "Prompts", exact: true }).click();
  await page.getByRole("link", { name: "General text 2026" }).click();
  await expect(page.getByText(/^General text 2026: 48 prompts/)).toBeVisible();
  await page.getByLabel("Locale").selectOption("ja-JP");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/locale=ja-JP/);
  await expect(page.getByText("6 matching")).toBeVisible();

  await page.getByRole("link", { name: "Image understanding 2026" }).click();
  const image = page.getByRole("img", { name: /^chart-\d+\.png$/ }).first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
});

test("a researcher starts and pauses a study from its page", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: "Server Pro vs Server 2026 — draft" }).click();
  await expect(page.getByText("draft", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("running", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText("paused", { exact: true })).toBeVisible();
});
