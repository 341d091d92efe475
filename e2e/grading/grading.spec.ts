import { expect, test, type Page } from "@playwright/test";
import { e2eDatabase, loginAs, startStudy, trpcCall, USERS } from "../fixtures";

const MODEL_NAMES = ["Lumen Device 2025", "Lumen Device 2026", "Lumen Server 2025", "Lumen Server 2026", "Lumen Server Pro 2026", "Lumen"];

/** The assignment on screen, read from the draft key the page writes, via the DB's newest lease of the grader. */
function currentAssignment(graderEmail: string, studyId: string) {
  const db = e2eDatabase();
  const row = db.prepare(`SELECT a."id", a."candidateSide", a."status" FROM "Assignment" a JOIN "User" u ON u."id" = a."graderId"
    WHERE u."email" = ? AND a."studyId" = ? ORDER BY a."leasedAt" DESC LIMIT 1`).get(graderEmail, studyId) as { id: string; candidateSide: string | null; status: string };
  db.close();
  return row;
}

function judgmentsOf(assignmentId: string) {
  const db = e2eDatabase();
  const rows = db.prepare(`SELECT d."key", j."preference", j."score" FROM "Judgment" j JOIN "Dimension" d ON d."id" = j."dimensionId"
    WHERE j."assignmentId" = ? ORDER BY d."key"`).all(assignmentId) as { key: string; preference: number | null; score: number | null }[];
  db.close();
  return rows;
}

const radio = (page: Page, dimension: string, label: string) =>
  page.getByRole("radiogroup", { name: dimension }).getByRole("radio", { name: label, exact: true });

test("a grader completes side-by-side tasks with the keyboard only, blind to the models", async ({ page, browser }) => {
  // The internal name names both models; graders see only the grader-facing title.
  const internalName = "E2E Lumen Server 2026 vs 2025 keyboard";
  const studyId = await startStudy(browser, { name: internalName, graderTitle: "E2E keyboard SxS", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["en-GB"], dimensionKeys: ["overall", "truthfulness"] });
  const payloads: string[] = [];
  page.on("response", async (r) => { if (r.url().includes("/api/trpc/")) payloads.push(await r.text().catch(() => "")); });
  await loginAs(page, USERS.grader, "/queue");
  // Keyboard only from here: Tab to the study's Start link.
  const start = page.getByRole("listitem").filter({ hasText: "E2E keyboard SxS" }).getByRole("link", { name: "Start" });
  await start.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "E2E keyboard SxS" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Response 1" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Response 2" })).toBeVisible();

  const first = currentAssignment(USERS.grader, studyId);
  await page.keyboard.press("7"); // overall: Response 2 much better
  await page.keyboard.press("3"); // truthfulness: Response 1 slightly better
  await expect(radio(page, "Overall", "Much better for Response 2")).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("session-counter")).toContainText("1 done");
  const rows = judgmentsOf(first.id);
  const sign = first.candidateSide === "RIGHT" ? 1 : -1;
  expect(rows).toEqual([{ key: "overall", preference: 3 * sign, score: null }, { key: "truthfulness", preference: -1 * sign, score: null }]);

  // The next task arrived without a page load; finish the rest the same way.
  await expect.poll(() => currentAssignment(USERS.grader, studyId).id).not.toBe(first.id);
  for (let i = 0; i < 10 && !(await page.getByRole("heading", { name: "All done here" }).isVisible()); i++) {
    await page.keyboard.press("4");
    await page.keyboard.press("4");
    await page.keyboard.press("Enter");
    await page.waitForTimeout(300);
  }
  await expect(page.getByRole("heading", { name: "All done here" })).toBeVisible();

  const html = await page.content();
  for (const name of [...MODEL_NAMES, internalName]) {
    expect(html).not.toContain(name);
    expect(payloads.join("\n")).not.toContain(name);
  }
  expect(payloads.join("\n")).not.toMatch(/modelId|responseId|candidate|baseline/i);
});

test("a half-filled task survives a reload, and a double submit stores one judgment", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E reload SxS", type: "SIDE_BY_SIDE", models: ["Lumen Device 2026", "Lumen Device 2025"],
    promptSet: "General text 2026", locales: ["es-MX"], dimensionKeys: ["overall", "instruction_following", "presentation"] });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  await expect(page.getByRole("region", { name: "Response 1" })).toBeVisible();
  const assignment = currentAssignment(USERS.grader, studyId);
  await page.keyboard.press("2");
  await page.keyboard.press("c");
  await page.keyboard.type("Response 1 is clearer.");
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(radio(page, "Overall", "Better for Response 1")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel(/^Comment/)).toHaveValue("Response 1 is clearer.");
  expect(currentAssignment(USERS.grader, studyId).id).toBe(assignment.id); // the same lease came back

  // Focus came back on the first unanswered dimension: the next keys answer it and the one after.
  await page.keyboard.press("5");
  await page.keyboard.press("6");
  // Two submissions in quick succession: the button's and a direct call racing it.
  const direct = trpcCall(page, "grading.submit", { assignmentId: assignment.id, values: { overall: -2, instruction_following: 1, presentation: 2 } });
  await page.getByRole("button", { name: /^Submit/ }).click();
  expect((await direct).status).toBe(200);
  await expect(page.getByTestId("session-counter")).toContainText("1 done");
  expect(judgmentsOf(assignment.id)).toHaveLength(3);
});

test("an image task shows the image and the image-understanding dimension", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E image SxS", type: "SIDE_BY_SIDE", models: ["Lumen Device 2026", "Lumen Device 2025"],
    promptSet: "Image understanding 2026", locales: ["en-US"], dimensionKeys: ["overall", "image_understanding"] });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  const image = page.getByRole("region", { name: "Prompt" }).getByRole("img");
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
  expect(await image.getAttribute("src")).toMatch(/^\/api\/attachments\/[a-z0-9]+$/);
  await expect(page.getByRole("radiogroup", { name: "Image understanding" })).toBeVisible();
  // Neutral alt text: an uploaded file's name could name the model; the bytes served carry no
  // metadata naming one either.
  await expect(image).toHaveAttribute("alt", "Image 1");
  const db = e2eDatabase();
  const fileNames = (db.prepare(`SELECT DISTINCT "fileName" FROM "Attachment"`).all() as { fileName: string }[]).map((r) => r.fileName);
  db.close();
  const html = await page.content();
  for (const f of fileNames) expect(html).not.toContain(f);
  const bytes = await (await page.request.get((await image.getAttribute("src"))!)).body();
  for (const name of MODEL_NAMES) expect(bytes.includes(name)).toBe(false);
  await image.click();
  await expect(page.getByRole("dialog", { name: "Image 1, enlarged" })).toBeVisible();
});

test("a single-sided task is scored 1 to 5 from the keyboard", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E single", type: "SINGLE_SIDED", models: ["Lumen Server Pro 2026"],
    promptSet: "General text 2026", locales: ["en-US"], dimensionKeys: ["overall", "truthfulness"] });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  await expect(page.getByRole("region", { name: "Response 1" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Response 2" })).toHaveCount(0);
  const assignment = currentAssignment(USERS.grader, studyId);
  await page.keyboard.press("5");
  await page.keyboard.press("2");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("session-counter")).toContainText("1 done");
  expect(judgmentsOf(assignment.id)).toEqual([{ key: "overall", preference: null, score: 5 }, { key: "truthfulness", preference: null, score: 2 }]);
});

test("a grader of another locale never sees the item", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E en-US only", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["en-US"], dimensionKeys: ["overall"] });
  await loginAs(page, USERS.graderJa, "/queue");
  await expect(page.getByText("E2E en-US only")).toHaveCount(0);
  const direct = await trpcCall(page, "grading.next", { studyId });
  expect(direct.status).toBe(403);
  await page.goto(`/queue/${studyId}`);
  // A Japanese grader reads the refusal in Japanese (the server sends its catalogue key).
  await expect(page.getByText("この調査にはあなたのロケールが含まれていません。")).toBeVisible();
});
