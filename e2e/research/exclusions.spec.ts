// Excluding a grader's work, as a researcher does it on the quality page: every dashboard number
// leaves that work out and says so; undo brings it back and keeps the record.
import { expect, test, type Page } from "@playwright/test";
import { USERS, loginAs } from "../fixtures";

const STUDY = "Server 2026 vs 2025 — conversations";

async function headlineJudgments(page: Page): Promise<number> {
  const text = await page.getByTestId("headline-summary").innerText();
  return Number(/n = [\d,]+ prompts, ([\d,]+) judgments/.exec(text)![1].replace(/,/g, ""));
}

test("an exclusion leaves a grader's work out of the dashboard, says so, and undo restores it", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: STUDY, exact: true }).click();
  await expect(page).toHaveURL(/\/studies\/[^/]+$/);
  const studyUrl = page.url();
  await page.goto(`${studyUrl}/dashboard`);
  await expect(page.getByTestId("headline-summary")).toContainText("judgments");
  const before = await headlineJudgments(page);

  await page.goto(`${studyUrl}/quality`);
  const panel = page.getByRole("region", { name: "Exclusions" });
  const grader = panel.getByLabel("Grader");
  await grader.selectOption((await grader.locator("option", { hasText: "grader4@verdict.local" }).getAttribute("value"))!);
  await panel.getByLabel("Reason").fill("e2e: failed three attention checks");
  await panel.getByRole("button", { name: "Exclude judgments" }).click();
  const row = panel.getByRole("row").filter({ hasText: "e2e: failed three attention checks" });
  await expect(row).toContainText("in force");
  const excluded = Number((await row.getByRole("cell").nth(3).innerText()).replace(/,/g, ""));
  expect(excluded).toBeGreaterThan(0);

  await page.goto(`${studyUrl}/dashboard`);
  const note = page.getByRole("note", { name: "Excluded judgments" });
  await expect(note).toContainText(`${excluded} judgments excluded`);
  await expect(note).toContainText("e2e: failed three attention checks");
  expect(await headlineJudgments(page)).toBeLessThan(before);

  await page.goto(`${studyUrl}/quality`);
  await row.getByRole("button", { name: "Undo" }).click();
  await expect(row).toContainText("undone");
  await expect(row.getByRole("button", { name: "Undo" })).toHaveCount(0);

  await page.goto(`${studyUrl}/dashboard`);
  await expect(page.getByTestId("headline-summary")).toContainText("judgments");
  await expect(page.getByRole("note", { name: "Excluded judgments" })).toHaveCount(0);
  expect(await headlineJudgments(page)).toBe(before);
});
