// A voice study in Chromium: the grader plays both clips from the keyboard, rating stays closed
// until each was heard to its end (observed through the media elements' own events), the answers
// go in from the keyboard, and the clips are served with Range support and without their tags.
import { expect, test } from "@playwright/test";
import { e2eDatabase, failAttachments, loginAs, startStudy, USERS } from "../fixtures";

declare global {
  interface Window { mediaEvents: { type: string; src: string; at: number }[] }
}

test("a grader hears both clips, then grades with the keyboard; clips seek by Range and carry no tags", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studyId = await startStudy(browser, { name: "E2E voices", type: "SIDE_BY_SIDE", models: ["Vox 2026", "Vox 2025"],
    promptSet: "Expressive voices 2026", locales: ["en-US"], dimensionKeys: ["overall", "naturalness", "presentation"], requireFullListen: true });
  // Every play and ended event of any media element, in order (media events do not bubble; capture sees them).
  await page.addInitScript(() => {
    window.mediaEvents = [];
    for (const type of ["play", "ended"]) {
      document.addEventListener(type, (e) => window.mediaEvents.push({ type, src: (e.target as HTMLMediaElement).currentSrc, at: performance.now() }), true);
    }
  });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);

  const players = page.getByTestId("audio-player");
  await expect(players).toHaveCount(2);
  // Presentation judges text: a voice task does not ask it.
  await expect(page.getByRole("radiogroup", { name: "Presentation" })).toHaveCount(0);
  const overall = page.getByRole("radiogroup", { name: "Overall" });

  // Rating is closed until both clips were heard: a scale key records nothing and says why.
  await page.keyboard.press("1");
  await expect(page.getByTestId("listen-gate")).toHaveText(/Listen to Response 1 and Response 2 to the end before rating/);
  await expect(overall.getByRole("radio", { checked: true })).toHaveCount(0);

  // A plays and pauses Response 1.
  await page.keyboard.press("a");
  await expect(players.nth(0)).toHaveAttribute("data-playing", "true");
  await page.keyboard.press("a");
  await expect(players.nth(0)).toHaveAttribute("data-playing", "false");

  // P plays Response 1 from the start, then Response 2; each must end.
  await page.keyboard.press("p");
  await expect(players.nth(0)).toHaveAttribute("data-heard", "true", { timeout: 20_000 });
  await expect(players.nth(1)).toHaveAttribute("data-heard", "true", { timeout: 20_000 });
  await expect(page.getByTestId("listen-gate")).toHaveCount(0);
  const srcs = await players.locator("audio").evaluateAll((els) => els.map((e) => (e as HTMLAudioElement).currentSrc));
  // A clip counts as heard within a quarter second of its end (listening.ts), so the last clip's
  // "ended" event may still be on its way: wait for both rather than read them at once.
  await expect.poll(() => page.evaluate((s) => s.filter((src) => window.mediaEvents.some((e) => e.type === "ended" && e.src === src)).length, srcs),
    { timeout: 10_000 }).toBe(2);
  const events = await page.evaluate(() => window.mediaEvents);
  const ended = (src: string) => events.find((e) => e.type === "ended" && e.src === src);
  expect(ended(srcs[0]), JSON.stringify(events)).toBeTruthy();
  expect(ended(srcs[1]), JSON.stringify(events)).toBeTruthy();
  // "Play 1, then 2": Response 2 started only after Response 1 ended.
  const secondStart = events.filter((e) => e.type === "play" && e.src === srcs[1])[0];
  expect(secondStart.at).toBeGreaterThanOrEqual(ended(srcs[0])!.at);

  // The clips: Range requests answer 206 with the asked bytes; no tag or model name in them.
  const url = new URL(srcs[0]).pathname;
  const part = await page.request.get(url, { headers: { Range: "bytes=0-99" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["accept-ranges"]).toBe("bytes");
  const whole = await page.request.get(url);
  expect(whole.status()).toBe(200);
  const size = (await whole.body()).length;
  expect(part.headers()["content-range"]).toBe(`bytes 0-99/${size}`);
  expect((await part.body()).equals((await whole.body()).subarray(0, 100))).toBe(true);
  expect((await page.request.get(url, { headers: { Range: `bytes=${size}-` } })).status()).toBe(416);
  expect((await whole.body()).toString("latin1")).not.toMatch(/vox/i);
  expect(url).not.toMatch(/vox|wav/i);

  // Now the keyboard grades: Response 1 much better overall, about the same on naturalness.
  await page.keyboard.press("1");
  await expect(overall.getByRole("radio", { checked: true })).toHaveAccessibleName("Much better for Response 1");
  await page.keyboard.press("4");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("session-counter")).toContainText("1 done");

  const db = e2eDatabase();
  const stored = db.prepare(`SELECT d."key" AS "key", j."preference" AS "preference", a."candidateSide" AS "side" FROM "Judgment" j
    JOIN "Dimension" d ON d."id" = j."dimensionId" JOIN "Assignment" a ON a."id" = j."assignmentId" WHERE j."studyId" = ? ORDER BY d."key"`).all(studyId) as { key: string; preference: number; side: string }[];
  db.close();
  // Stored in the candidate's terms: Response 1 (left) much better is +3 when the candidate was on the left.
  expect(stored.map((s) => s.key)).toEqual(["naturalness", "overall"]);
  expect(stored.find((s) => s.key === "overall")!.preference).toBe(stored[0].side === "LEFT" ? 3 : -3);
  expect(stored.find((s) => s.key === "naturalness")!.preference).toBe(0);
});

test("a clip that did not load says so, and rating waits until it loads", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E voices not loaded", type: "SIDE_BY_SIDE", models: ["Vox 2026", "Vox 2025"],
    promptSet: "Expressive voices 2026", locales: ["en-US"], dimensionKeys: ["overall", "naturalness"] });
  await loginAs(page, USERS.grader, "/queue");
  const letThrough = await failAttachments(page);
  await page.goto(`/queue/${studyId}`);
  const players = page.getByTestId("audio-player");
  await expect(players.nth(0).getByTestId("media-failed")).toContainText("Response 1 could not be loaded.");
  await expect(players.nth(1).getByTestId("media-failed")).toContainText("Response 2 could not be loaded.");
  const gate = page.getByTestId("media-gate");
  await expect(gate).toContainText("sound clips of this task could not be loaded");
  const overall = page.getByRole("radiogroup", { name: "Overall" });
  await page.keyboard.press("1"); // refused: nothing was heard
  await expect(gate).toHaveClass(/border-amber-400/);
  await expect(overall.getByRole("radio", { checked: true })).toHaveCount(0);

  await letThrough();
  const failed = page.getByTestId("media-failed");
  while (await failed.count() > 0) await failed.first().getByRole("button", { name: "Try again" }).click();
  await expect(gate).toHaveCount(0);
  await page.keyboard.press("1");
  await expect(overall.getByRole("radio", { checked: true })).toHaveCount(1);
});
