// Qualification in the browser: the researcher uploads a qualification set and requires it; a
// grader works through it, sees their result with the expected answers and explanations, and —
// having failed — gets no study tasks.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eDatabase, loginAs, startStudy, USERS } from "../fixtures";

test("a grader who fails the qualification set sees why and gets no tasks", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const studyId = await startStudy(browser, { name: "E2E qualification", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["es-MX"], dimensionKeys: ["overall"] });
  const db = e2eDatabase();
  const promptIds = (db.prepare(`SELECT p."externalId" FROM "Item" i JOIN "Prompt" p ON p."id" = i."promptId" WHERE i."studyId" = ? ORDER BY p."externalId" LIMIT 2`)
    .all(studyId) as { externalId: string }[]).map((r) => r.externalId);
  db.close();
  const file = path.join(os.tmpdir(), `qualification-${Date.now()}.csv`);
  writeFileSync(file, ["prompt_id,kind,overall,explanation", ...promptIds.map((p) => `${p},qualification,same,Both responses say the same thing in other words.`)].join("\n"));

  const researcher = await browser.newContext();
  const r = await researcher.newPage();
  await loginAs(r, USERS.researcher, "/studies");
  await r.goto(`/studies/${studyId}/quality`);
  // Requiring qualification before there is a set is refused with the reason.
  await r.getByLabel(/Require a passed qualification set/).check();
  await r.getByRole("button", { name: "Save settings" }).click();
  await expect(r.getByRole("alert").filter({ hasText: "no qualification items yet" })).toBeVisible();
  await r.getByLabel("Control-item file (.csv or .jsonl)").setInputFiles(file);
  await expect(r.getByRole("status").filter({ hasText: "Marked 2 items: 0 gold, 0 attention checks, 2 qualification." })).toBeVisible();
  await expect(r.getByRole("table", { name: "Control items" }).getByRole("row")).toHaveCount(3);
  await r.getByRole("button", { name: "Save settings" }).click();
  await expect(r.getByText("Saved.")).toBeVisible();
  await researcher.close();

  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  await expect(page.getByRole("status").filter({ hasText: "Qualification set: task 1 of 2" })).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await expect(page.getByRole("region", { name: "Response 2" })).toBeVisible();
    await page.keyboard.press("1"); // Response 1 much better: the expected answer is "about the same"
    await page.keyboard.press("Enter");
    if (i === 0) await expect(page.getByRole("status").filter({ hasText: "task 2 of 2" })).toBeVisible();
  }
  const result = page.getByRole("region", { name: "Qualification result" });
  await expect(result.getByRole("heading", { name: "You did not pass the qualification set" })).toBeVisible();
  await expect(result).toContainText("0 of 2 checked answers matched the expected answer (0%; the pass mark is 80%)");
  await expect(result.getByText("Both responses say the same thing in other words.")).toHaveCount(2);
  await expect(result.getByRole("row", { name: /Overall about the same Response 1 better \(3 of 3\)/ })).toHaveCount(2);
  await expect(result).not.toContainText("Lumen");
  // Reloading does not bring tasks back.
  await page.reload();
  await expect(result.getByRole("heading", { name: "You did not pass the qualification set" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Response 1" })).toHaveCount(0);
});
