// "Stable yet?" on a demo study's dashboard: the decisive rate's interval against judgments so far,
// the planner's projection, and the prompts each slice needs; the numbers are the planner's, and
// changing the target recomputes them.
import { expect, test } from "@playwright/test";
import { USERS, loginAs, trpcCall } from "../fixtures";

const STUDY = "Device 2026 vs 2025 — text";

test("the dashboard shows the stability view and the planner's numbers for a demo study", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: STUDY }).click();
  await expect(page.getByRole("heading", { name: STUDY })).toBeVisible();
  const studyId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("link", { name: "Dashboard" }).click();
  const summary = page.getByTestId("plan-summary");
  await expect(summary).toContainText("the decisive rate's 95% interval is");

  const { data: plan } = await trpcCall<{ rows: { slice: string; dimension: string; metric: string; value: number | null }[] }>(page, "planner.plan",
    { studyId, filter: {}, targetHalfWidth: 0.03, difference: 0.05, power: 0.8 }, "query");
  const value = (metric: string) => plan.rows.find((r) => r.dimension === "overall" && r.slice === "all" && r.metric === metric)!.value!;
  await expect(summary.locator('[data-metric="half_width_now"]')).toHaveText(`±${(value("half_width_now") * 100).toFixed(1)}`);
  await expect(summary.locator('[data-metric="more_prompts_for_half_width"]')).toHaveText(value("more_prompts_for_half_width").toLocaleString("en-US"));
  await expect(summary.locator('[data-metric="more_prompts_for_power"]')).toHaveText(value("more_prompts_for_power").toLocaleString("en-US"));

  // Observed points (from the over-time view) and the projection are drawn.
  const chart = page.getByRole("region", { name: "Overall: is the decisive rate stable yet?" });
  await expect(chart.locator(".recharts-scatter-symbol").first()).toBeVisible();
  await expect(chart.locator(".recharts-line-curve")).toBeVisible();
  await expect(page.getByRole("region", { name: "Overall: prompts needed per slice" }).getByRole("row")).not.toHaveCount(0);

  // A looser target needs fewer prompts; the summary follows.
  await page.getByTestId("target-half-width").fill("5");
  await expect(summary).toContainText("±5 points needs about");
  const { data: loose } = await trpcCall<{ rows: { slice: string; dimension: string; metric: string; value: number | null }[] }>(page, "planner.plan",
    { studyId, filter: {}, targetHalfWidth: 0.05, difference: 0.05, power: 0.8 }, "query");
  const looser = loose.rows.find((r) => r.dimension === "overall" && r.slice === "all" && r.metric === "more_prompts_for_half_width")!.value!;
  expect(looser).toBeLessThan(value("more_prompts_for_half_width"));
  await expect(summary.locator('[data-metric="more_prompts_for_half_width"]')).toHaveText(looser.toLocaleString("en-US"));
  // An impossible target is refused on the page, and the figures keep the targets they were computed for.
  await page.getByTestId("target-half-width").fill("0");
  await expect(page.locator("#planning").getByRole("alert")).toContainText("Targets must lie between 0 and 50 points");
  await expect(summary).toContainText("±5 points needs about");
  await expect(summary).not.toContainText("±0 points");
  await page.locator("#planning").screenshot({ path: "test-results/planning.png" });
});

test("the planner says there is nothing to plan from when the filters keep no judgments", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: STUDY }).click();
  await expect(page.getByRole("heading", { name: STUDY })).toBeVisible();
  const studyId = new URL(page.url()).pathname.split("/").pop()!;
  // A category no prompt has: nothing counted, so no dimension to project.
  await page.goto(`/studies/${studyId}/dashboard?category=No%20such%20category`);
  await expect(page.getByTestId("plan-empty")).toHaveText("No counted judgments to plan from yet: the planner projects from the judgments these filters keep.");
  await expect(page.getByTestId("plan-summary")).toHaveCount(0);
  await expect(page.getByTestId("target-half-width")).toBeVisible();
  await page.locator("#planning").screenshot({ path: "test-results/planning-empty.png" });
});
