// Every kind of page checked with axe-core against WCAG 2.1 A and AA, as it looks once loaded:
// labels, names, contrast, ARIA use. Charts are hidden from screen readers behind their data
// tables, so nothing focusable may sit inside them.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { USERS, loginAs, startStudy } from "./fixtures";

async function violations(page: Page): Promise<string[]> {
  // Checked once the page is there: after a login's client-side navigation the URL changes before
  // the new page (and its streamed <title>) has arrived, and axe then found a document without one.
  await page.waitForLoadState("load");
  await expect(page).toHaveTitle(/\S/);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

async function studyUrl(page: Page, name: string): Promise<string> {
  await page.goto("/studies");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/studies\/[^/]+$/);
  return new URL(page.url()).pathname;
}

/** A dashboard with every section computed. */
async function loadedDashboard(page: Page, study: string) {
  await page.goto(`${study}/dashboard`);
  await expect(page.getByTestId("headline-summary")).toBeVisible();
  await expect(page.getByRole("region", { name: /as judgments accumulate/ })).toBeVisible();
  await expect(page.getByText(/^Computing /)).toHaveCount(0);
}

for (const name of ["Device 2026 vs 2025 — text", "Server models — single-sided", "All five models — head to head"]) {
  test(`a study's page and its dashboard: ${name}`, async ({ page }) => {
    test.setTimeout(60_000); // axe's pass over a dashboard with every section drawn takes seconds on a busy machine
    const found: string[] = [];
    await loginAs(page, USERS.researcher, "/studies");
    const study = await studyUrl(page, name);
    found.push(...await violations(page));
    await loadedDashboard(page, study);
    found.push(...await violations(page));
    expect(found).toEqual([]);
  });
}

test("researcher pages", async ({ page }) => {
  test.setTimeout(60_000);
  const found: string[] = [];
  await page.goto("/login");
  found.push(...await violations(page));
  await loginAs(page, USERS.researcher, "/studies");
  found.push(...await violations(page));
  for (const path of ["/leaderboard", "/prompts", "/models", "/imports", "/studies/new", "/tokens", "/profile"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    found.push(...await violations(page));
  }
  expect(found).toEqual([]);
});

test("admin pages", async ({ page }) => {
  const found: string[] = [];
  await loginAs(page, USERS.admin, "/admin/users");
  found.push(...await violations(page));
  for (const path of ["/admin/locales", "/admin/tokens"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    found.push(...await violations(page));
  }
  expect(found).toEqual([]);
});

test("grader pages: the queue and a side-by-side task", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E accessibility", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["en-GB"], dimensionKeys: ["overall", "truthfulness"] });
  const found: string[] = [];
  await loginAs(page, USERS.grader, "/queue");
  found.push(...await violations(page));
  await page.goto(`/queue/${studyId}`);
  await expect(page.getByRole("region", { name: "Response 2" })).toBeVisible();
  found.push(...await violations(page));
  expect(found).toEqual([]);
});
