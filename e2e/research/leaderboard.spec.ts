// The leaderboard as a researcher uses it: the five-model demo study ranked with intervals, the
// forest plot and heatmap drawn, the choice of studies and slice kept in the URL, and the models
// that never met refused with their names.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { USERS, loginAs } from "../fixtures";

test("ranks the demo's models with intervals, and keeps the view in the URL", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  const table = page.getByTestId("leaderboard-table");
  await expect(table.locator("tbody tr")).toHaveCount(5);
  // The demo's strongest model leads, with a rating interval and a battle count.
  await expect(table.locator("tbody tr").first()).toContainText("Lumen Server");
  await expect(table.locator("tbody tr").last()).toContainText("Lumen Device 2025");
  const forest = page.getByRole("region", { name: "Ratings with 95% intervals" });
  await expect(forest.locator('svg[aria-label="Ratings with 95% intervals"] circle').first()).toBeVisible();
  // The legend shows the marks the plot draws: a dot for the rating, a ring for the style-controlled
  // rating, on the page and in the downloaded picture.
  await expect(forest.locator("[data-mark]")).toHaveCount(2);
  expect(await forest.locator("[data-mark]").evaluateAll((marks) => marks.map((m) => m.getAttribute("data-mark")))).toEqual(["dot", "ring"]);
  const svgDownload = page.waitForEvent("download");
  await forest.getByRole("button", { name: "SVG" }).click();
  const picture = readFileSync(await (await svgDownload).path(), "utf8");
  expect(picture).toMatch(/<circle cx="14" cy="38" r="5" fill="#[0-9a-f]{6}"/i);
  expect(picture).toMatch(/<circle cx="\d+(\.\d+)?" cy="38" r="4.5" fill="none" stroke="#[0-9a-f]{6}" stroke-width="2"/i);
  // Drawn charts are hidden from screen readers (their data tables are not); find the heatmap by its label.
  await expect(page.getByRole("region", { name: "Pairwise win rates — observed" }).locator('svg[aria-label="Pairwise win-rate heatmap"] rect').first()).toBeVisible();
  await page.screenshot({ path: "test-results/leaderboard.png", fullPage: true });

  // A slice of one locale, kept in the address.
  await page.getByLabel("Slice").selectOption("locale=ja-JP");
  await expect(page).toHaveURL(/slice=locale%3Dja-JP/);
  await expect(page.getByRole("heading", { name: /Ranking — overall, locale=ja-JP/ })).toBeVisible();

  // The heatmap's predicted rates.
  await page.getByRole("button", { name: "predicted" }).click();
  await expect(page.getByRole("region", { name: "Pairwise win rates — predicted" })).toBeVisible();

  // A slice the scope does not have (a link from another scope, or edited by hand) is named, not a blank page.
  await page.goto("/leaderboard?slice=locale%3Dxx-XX");
  await expect(page.getByRole("alert").filter({ hasText: "no slice" })).toContainText("no slice “locale=xx-XX” on overall");
  await expect(page.getByLabel("Slice")).toHaveValue("locale=xx-XX");
  await page.getByRole("button", { name: "Show all prompts" }).click();
  await expect(page).not.toHaveURL(/slice=/);
  await expect(table.locator("tbody tr")).toHaveCount(5);
});

test("refuses to rank models that never met, naming them", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  // Only the two pairwise studies of disjoint model pairs: device and server models never met.
  await page.goto(`/leaderboard?study=${encodeURIComponent("Device 2026 vs 2025 — text")}&study=${encodeURIComponent("Server 2026 vs 2025 — text")}`);
  await expect(page.getByRole("alert").filter({ hasText: "cannot be rated" })).toContainText("Lumen Device 2025, Lumen Device 2026 | Lumen Server 2025, Lumen Server 2026");

  // Two more studies ticked in quick succession both join the scope (the second used to start from
  // the address before the first's page arrived, and drop it); the five-model study connects them.
  const studies = page.getByRole("group", { name: "Studies" });
  await studies.getByRole("checkbox", { name: "All five models — head to head" }).check();
  await studies.getByRole("checkbox", { name: "Server 2026 vs 2025 — conversations" }).check();
  await expect(page).toHaveURL(/(study=[^&]+&?){4}/);
  await expect(studies.getByRole("checkbox", { name: "All five models — head to head" })).toBeChecked();
  await expect(page.getByTestId("leaderboard-table").locator("tbody tr")).toHaveCount(5);
  await expect(page.getByRole("alert").filter({ hasText: "cannot be rated" })).toHaveCount(0);
});
