// Until React has hydrated a page, its HTML is the server's: a value typed or chosen there never
// reaches React's state (a grader chosen for an exclusion left its button disabled), and a form
// submitted there is the browser's own GET, which would put a password in the address. Every
// control stays disabled until the page's scripts have run. The test holds those scripts back.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../seed/demo-content";
import { USERS, loginAs } from "../fixtures";

const CONTROLS = ":is(input, select, textarea, button)";

/** Holds every script chunk from now until the returned function is called (then lets them through). */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const pattern = "**/_next/static/chunks/**";
  await page.route(pattern, async (route) => { await released; await route.continue(); });
  return async () => release();
}

async function expectOnlyDisabledControls(page: Page) {
  await expect(page.locator(CONTROLS).first()).toBeAttached();
  expect(await page.locator(CONTROLS).count()).toBeGreaterThan(0);
  await expect(page.locator(`${CONTROLS}:enabled`)).toHaveCount(0);
}

test("the login form cannot be used before it is hydrated, and never sends the password in an address", async ({ page }) => {
  const addresses: string[] = [];
  page.on("request", (r) => addresses.push(r.url()));
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "commit" });
  await expectOnlyDisabledControls(page);
  await expect(page.getByLabel("Password")).toBeDisabled();
  release();

  await page.getByLabel("Email").fill(USERS.researcher);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/studies$/);
  expect(addresses.filter((a) => a.includes(encodeURIComponent(DEMO_PASSWORD)) || a.includes(DEMO_PASSWORD))).toEqual([]);
});

test("a researcher's forms wait for hydration, then a choice made in them counts", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: "Server 2026 vs 2025 — conversations", exact: true }).click();
  await expect(page).toHaveURL(/\/studies\/[^/]+$/);
  const studyUrl = page.url();

  let release = await holdScripts(page);
  await page.goto(`${studyUrl}/quality`, { waitUntil: "commit" });
  const panel = page.getByRole("region", { name: "Exclusions" });
  await expect(panel.getByLabel("Grader")).toBeDisabled();
  await expectOnlyDisabledControls(page);
  release();
  // Once hydrated, choosing a grader is what enables the button: the choice reached React's state.
  const grader = panel.getByLabel("Grader");
  await grader.selectOption((await grader.locator("option", { hasText: "grader4@verdict.local" }).getAttribute("value"))!);
  await panel.getByLabel("Reason").fill("e2e: only looking");
  await expect(panel.getByRole("button", { name: "Exclude judgments" })).toBeEnabled();

  release = await holdScripts(page);
  await page.goto("/studies/new", { waitUntil: "commit" });
  await expectOnlyDisabledControls(page);
  release();
  await expect(page.locator(`${CONTROLS}:enabled`).first()).toBeAttached();
});

test("without JavaScript the page says why its forms are disabled", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("alert")).toContainText("Verdict needs JavaScript");
  await expect(page.getByLabel("Password")).toBeDisabled();
  await context.close();
});
