// An image model's outputs are compared as pictures: both shown at the same scale and zoomed and
// panned together, swiped or flickered; an edit shows its source beside them.
import { expect, test, type Page } from "@playwright/test";
import { failAttachments, loginAs, startStudy, USERS } from "../fixtures";

const transformOf = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => (el as HTMLElement).style.transform);

test("a grader zooms and pans both pictures together, flickers between them, and sees an edit's source", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 560 }); // the comparison starts below the fold
  const studyId = await startStudy(browser, { name: "E2E pictures", type: "SIDE_BY_SIDE", models: ["Prism Image 2026", "Prism Image 2025"],
    promptSet: "Image generation 2026", locales: ["en-US"], dimensionKeys: ["overall", "prompt_alignment", "edit_faithfulness"] });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  let sawEdit = false, sawGeneration = false;
  let previous: string | null = null;
  for (let done = 1; done <= 4; done++) {
    // The next task replaces the last one without a page load (the counter moves first): wait
    // until its first picture has replaced the last task's (edits of different sources can share
    // a prompt's text), or this round would read the last task while the next one renders.
    const comparison = page.getByRole("region", { name: "Image comparison" });
    await expect(comparison).toBeVisible();
    const firstPicture = () => page.getByTestId("compare-1").getAttribute("src");
    if (previous) await expect.poll(firstPicture).not.toBe(previous);
    previous = await firstPicture();
    for (const side of [1, 2]) {
      await expect.poll(() => page.getByTestId(`compare-${side}`).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // each picture is captioned as the task names its responses (once a missing message's path)
      await expect(page.getByTestId(`compare-${side}`).locator("xpath=ancestor::figure[1]/figcaption")).toHaveText(`Response ${side}`);
    }
    const editing = (await page.getByRole("region", { name: "Prompt" }).innerText()).includes("Make every circle");
    if (editing) {
      sawEdit = true;
      await expect(page.getByTestId("compare-source")).toBeVisible();
      await expect(page.getByRole("radiogroup", { name: "Edit faithfulness" })).toBeVisible();
    } else {
      sawGeneration = true;
      await expect(page.getByTestId("compare-source")).toHaveCount(0);
      await expect(page.getByRole("radiogroup", { name: "Edit faithfulness" })).toHaveCount(0);
    }

    if (done === 1) {
      // Zoom and pan one picture: the other follows exactly.
      await comparison.getByRole("button", { name: "Zoom in" }).click();
      await comparison.getByRole("button", { name: "Zoom in" }).click();
      await expect(page.getByTestId("zoom-level")).toHaveText("225%");
      // Drag inside Response 1's pane, brought into view first (an edit's prompt pushes it down).
      const pane = page.getByTestId("compare-1").locator("..");
      await pane.scrollIntoViewIfNeeded();
      const box = (await pane.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 25, { steps: 5 });
      await page.mouse.up();
      const left = "translate(-40px, 25px) scale(2.25)";
      await expect.poll(() => transformOf(page, "compare-1")).toBe(left);
      await expect.poll(() => transformOf(page, "compare-2")).toBe(left);
      // Flicker: one picture at a time, at the same view.
      await comparison.getByRole("radio", { name: "Flicker" }).click();
      await expect(page.getByTestId("flicker-showing")).toHaveText("Showing Response 1");
      await expect(page.getByTestId("compare-2")).toHaveCount(0);
      await comparison.getByRole("button", { name: "Show Response 2" }).click();
      await expect(page.getByTestId("flicker-showing")).toHaveText("Showing Response 2");
      await expect.poll(() => transformOf(page, "compare-2")).toBe(left);
      // Swipe: both layered, the slider moves the edge.
      await comparison.getByRole("radio", { name: "Swipe" }).click();
      await expect(page.getByTestId("compare-1")).toBeVisible();
      await expect(page.getByTestId("compare-2")).toBeVisible();
      await comparison.getByRole("slider", { name: "Swipe between Response 1 and Response 2" }).fill("20");
      await comparison.getByRole("radio", { name: "Side by side" }).click();
    }

    for (const group of await page.getByRole("radiogroup").filter({ has: page.getByRole("radio", { name: "About the same", exact: true }) }).all()) {
      await group.getByRole("radio", { name: "About the same", exact: true }).click();
    }
    await page.getByRole("button", { name: /^Submit/ }).click();
    await expect(page.getByTestId("session-counter")).toContainText(`${done} done`);
  }
  expect(sawEdit && sawGeneration).toBe(true);
});

test("a picture that did not load says so in its pane, and rating waits until it shows", async ({ page, browser }) => {
  const studyId = await startStudy(browser, { name: "E2E pictures not loaded", type: "SIDE_BY_SIDE", models: ["Prism Image 2026", "Prism Image 2025"],
    promptSet: "Image generation 2026", locales: ["en-US"], dimensionKeys: ["overall", "prompt_alignment"] });
  await loginAs(page, USERS.grader, "/queue");
  const letThrough = await failAttachments(page);
  await page.goto(`/queue/${studyId}`);
  const comparison = page.getByRole("region", { name: "Image comparison" });
  await expect(comparison.getByTestId("media-failed").first()).toBeVisible();
  await expect(page.getByTestId("compare-1")).toHaveCount(0);
  await expect(page.getByTestId("media-gate")).toBeVisible();
  const overall = page.getByRole("radiogroup", { name: "Overall" });
  await page.keyboard.press("4"); // "about the same", refused: the scale is closed (aria-disabled)
  await expect(page.getByTestId("media-gate")).toHaveClass(/border-amber-400/);
  await expect(overall.locator('[aria-checked="true"]')).toHaveCount(0);

  await letThrough();
  const failed = page.getByTestId("media-failed");
  while (await failed.count() > 0) await failed.first().getByRole("button", { name: "Try again" }).click();
  for (const side of [1, 2]) {
    await expect.poll(() => page.getByTestId(`compare-${side}`).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByTestId("media-gate")).toHaveCount(0);
  await overall.getByRole("radio", { name: "About the same", exact: true }).click();
  await expect(overall.locator('[aria-checked="true"]')).toHaveCount(1);
});
