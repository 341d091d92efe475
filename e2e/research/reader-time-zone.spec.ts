// A reader whose browser is in another time zone and locale than the server: pages the server
// renders must hydrate without React's "server rendered text didn't match" error (which regenerates
// the page's tree on the client), and show times in the reader's zone once hydrated.
import { expect, test, type Page } from "@playwright/test";
import { USERS, e2eDatabase, loginAs, startStudy } from "../fixtures";

test.use({ timezoneId: "America/New_York", locale: "en-CA" });

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error" && /hydrat|Minified React error #4(18|19|23|25)/i.test(m.text())) errors.push(m.text()); });
  return errors;
}

test("server-rendered times hydrate in the reader's zone", async ({ page }) => {
  const errors = collectPageErrors(page);
  await loginAs(page, USERS.admin, "/admin/users");
  await page.reload();
  // The admin's own last login, printed by the server and then in New York time.
  const lastLogin = page.getByTestId(`user-${USERS.admin}`).getByRole("cell").nth(3);
  await expect(lastLogin).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
  const shown = await lastLogin.innerText();
  const inNewYork = (d: Date) => d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" });
  // Within a minute or two of now, as New York reads it.
  const now = Date.now();
  expect([0, -60_000, -120_000].map((dt) => inNewYork(new Date(now + dt)))).toContain(shown);
  expect(errors).toEqual([]);
});

test("a study page with a live lease hydrates in another zone and locale", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E reader time zone", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["en-GB"], dimensionKeys: ["overall"] });
  // A grader holds a lease, which the study page lists with its expiry.
  const graderContext = await browser.newContext();
  const grader = await graderContext.newPage();
  await loginAs(grader, USERS.grader, "/queue");
  await grader.goto(`/queue/${studyId}`);
  await expect(grader.getByRole("region", { name: "Response 1" })).toBeVisible();
  const db = e2eDatabase();
  const { expiresAt } = db.prepare(`SELECT "expiresAt" FROM "Assignment" WHERE "studyId" = ? AND "status" = 'LEASED'`).get(studyId) as { expiresAt: string | number };
  db.close();

  const errors = collectPageErrors(page);
  await loginAs(page, USERS.researcher, "/studies");
  await page.goto(`/studies/${studyId}`);
  const newYorkTime = new Date(expiresAt).toLocaleTimeString("en-GB", { timeZone: "America/New_York" });
  await expect(page.getByText(/^expires /)).toHaveText(`expires ${newYorkTime}`);
  expect(errors).toEqual([]);
  await graderContext.close();
});
