// Nothing a grader does is lost without them knowing: missing answers are named beside their
// dimension (and the note goes once answered); a task submitted from another tab says so and shows
// what was stored; a refused submission (study completed) keeps the answers with the reason.
// The page also says how many tasks are left for the grader.
import { expect, test, type Page } from "@playwright/test";
import { loginAs, startStudy, trpcCall, USERS } from "../fixtures";

const problem = (page: Page, key: string) => page.locator(`[data-problem="${key}"]`);
const checked = (page: Page, dimension: string) => page.getByRole("radiogroup", { name: dimension }).locator('[aria-checked="true"]');

test("missing answers, a second tab and a completed study: the grader is told, and nothing is silently dropped", async ({ browser, context, page }) => {
  const studyId = await startStudy(browser, { name: "E2E no silent loss", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["en-US"], dimensionKeys: ["overall", "truthfulness"] });
  const submits: string[] = [];
  page.on("request", (r) => { if (r.url().includes("grading.submit")) submits.push(r.url()); });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  await expect(page.getByRole("region", { name: "Response 1" })).toBeVisible();
  const left = Number(await page.getByTestId("left-for-you").textContent());
  expect(left).toBeGreaterThan(1);

  // Enter with nothing answered: each missing dimension says so, in words, and nothing is sent.
  await page.keyboard.press("Enter");
  await expect(problem(page, "overall")).toHaveText("Choose an answer for Overall.");
  await expect(problem(page, "truthfulness")).toHaveText("Choose an answer for Truthfulness.");
  expect(submits).toEqual([]);
  await page.keyboard.press("2");
  await expect(problem(page, "overall")).toHaveCount(0);
  await expect(problem(page, "truthfulness")).toBeVisible();
  await page.keyboard.press("6");
  await expect(problem(page, "truthfulness")).toHaveCount(0);

  // The same task in a second tab (the same live lease), answered differently there and submitted second.
  const other = await context.newPage();
  await other.goto(`/queue/${studyId}`);
  await expect(other.getByRole("region", { name: "Response 1" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("left-for-you")).toHaveText(String(left - 1));
  await other.keyboard.press("4");
  await other.keyboard.press("4");
  await other.keyboard.press("Enter");
  const notice = other.getByRole("status").filter({ hasText: "already been submitted" });
  await expect(notice).toContainText("Overall: Better for Response 1");
  await expect(notice).toContainText("Truthfulness: Better for Response 2");
  await notice.getByRole("button", { name: "Go to the next task" }).click();
  await expect(notice).toHaveCount(0);
  await other.close();

  // The researcher completes the study while the grader has answers on screen: refused, answers kept, reason shown.
  await page.keyboard.press("1");
  await page.keyboard.press("7");
  const researcher = await browser.newPage();
  await loginAs(researcher, USERS.researcher, "/studies");
  expect((await trpcCall(researcher, "studies.setStatus", { studyId, status: "COMPLETED" })).status).toBe(200);
  await researcher.close();
  await page.keyboard.press("Enter");
  await expect(page.locator('p[role="alert"]')).toHaveText("This study has been completed and takes no more answers; nothing was stored.");
  await expect(checked(page, "Overall")).toHaveAttribute("aria-label", "Much better for Response 1");
  await expect(checked(page, "Truthfulness")).toHaveAttribute("aria-label", "Much better for Response 2");
});
