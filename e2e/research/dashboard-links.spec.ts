// Dashboard links from another study (or edited by hand) that name a pair or a baseline this study
// lacks: the page says so beside what it shows instead, rather than silently showing another view.
import { expect, test, type Page } from "@playwright/test";
import { USERS, loginAs } from "../fixtures";

async function dashboardOf(page: Page, study: string): Promise<string> {
  await page.goto("/studies");
  await page.getByRole("link", { name: study, exact: true }).click();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return page.url().replace(/\?.*$/, "");
}

test("a pair or baseline the study lacks is named, with what is shown instead", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");

  const fiveModels = await dashboardOf(page, "All five models — head to head");
  await page.goto(`${fiveModels}?pair_a=${encodeURIComponent("Model X")}&pair_b=${encodeURIComponent("Model Y")}`);
  const note = page.getByRole("note").filter({ hasText: "which this study does not have" });
  await expect(note).toContainText("the pair Model X vs Model Y");
  const shown = page.getByRole("region", { name: "Pair" }).getByRole("combobox");
  const shownPair = (await shown.locator("option:checked").innerText()).replace(/ \(\d+ items\)$/, "");
  await expect(note).toContainText(`showing ${shownPair}.`);
  // Choosing a pair the study has makes the note go.
  await shown.selectOption({ index: 1 });
  await expect(page).not.toHaveURL(/pair_a=Model/);
  await expect(page).toHaveURL(/pair_a=Lumen/);
  await expect(note).toHaveCount(0);

  const singleSided = await dashboardOf(page, "Server models — single-sided");
  await page.goto(`${singleSided}?baseline=${encodeURIComponent("Model Z")}`);
  const baselineNote = page.getByRole("note").filter({ hasText: "as the baseline" });
  const chosen = await page.getByLabel("Baseline for relative improvement").inputValue();
  await expect(baselineNote).toContainText(`Model Z as the baseline, which this study does not have: relative improvements are over ${chosen}.`);
  await page.getByLabel("Baseline for relative improvement").selectOption({ index: 1 });
  await expect(page).not.toHaveURL(/baseline=Model/);
  await expect(baselineNote).toHaveCount(0);
});
