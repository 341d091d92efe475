// The translations editor as a researcher uses it: edits in one language survive a look at another,
// each language is saved on its own, and what was saved is there after a reload.
import { expect, test } from "@playwright/test";
import { USERS, loginAs, startStudy } from "../fixtures";

test("edits survive switching languages, are saved per language, and stay saved", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E translations", graderTitle: "Everyday requests", type: "SIDE_BY_SIDE",
    models: ["Lumen Server 2026", "Lumen Server 2025"], promptSet: "General text 2026", locales: ["en-GB"], dimensionKeys: ["overall"] });
  await loginAs(page, USERS.researcher, "/studies");
  await page.goto(`/studies/${studyId}/translations?language=ja`);
  const form = page.getByRole("form", { name: "Translations for graders" });
  const title = form.getByLabel("Title graders see");
  await title.fill("日常のリクエスト");

  // A look at German does not lose the Japanese title; the page says it is not saved yet.
  await form.getByLabel("Language").selectOption("de");
  await expect(title).toHaveValue("");
  const unsaved = form.getByRole("note").filter({ hasText: "not saved yet" });
  await expect(unsaved).toContainText("日本語");
  await expect(form.getByLabel("Language").locator('option[value="ja"]')).toHaveText("日本語 (ja) — not saved");
  await form.getByLabel("Language").selectOption("ja");
  await expect(title).toHaveValue("日常のリクエスト");

  await form.getByRole("button", { name: "Save 日本語" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await expect(unsaved).toHaveCount(0);
  await page.reload();
  await expect(title).toHaveValue("日常のリクエスト");
  await expect(page.getByTestId("missing-translations")).not.toContainText(/日本語[\s\S]*study title/);
});
