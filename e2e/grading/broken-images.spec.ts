// A preference is worth what the grader saw: an image of the task that did not load says so in its
// place, rating stays closed while it is missing (a scale key records nothing and says why), and
// "Try again" loads it and opens rating. An image still on its way holds rating the same way until
// it shows.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Canvas } from "../../seed/png";
import { failAttachments, holdAttachments, imagesShown, loginAs, startStudy, uploadMaterial, USERS } from "../fixtures";

const png = new Canvas(12, 12, [20, 120, 220]).toPng();
const dataUri = `data:image/png;base64,${png.toString("base64")}`;

/** A side-by-side study of one prompt with a picture, under its own names; its id. */
async function pictureStudy(browser: Browser, names: { set: string; study: string; key: string }) {
  const researcher = await browser.newPage();
  await loginAs(researcher, USERS.researcher, "/studies");
  await uploadMaterial(researcher, names.set, [
    [names.key, "Which colour is the square?", "en-US", "Vision", "image", dataUri, "Lumen Device 2026", "Blue."],
    [names.key, "Which colour is the square?", "en-US", "Vision", "image", "", "Lumen Device 2025", "Orange."],
  ]);
  await researcher.close();
  return startStudy(browser, { name: names.study, type: "SIDE_BY_SIDE", models: ["Lumen Device 2026", "Lumen Device 2025"],
    promptSet: names.set, locales: ["en-US"], dimensionKeys: ["overall", "image_understanding"] });
}

/** The submissions the page sends, as they leave. */
function submitsOf(page: Page): string[] {
  const submits: string[] = [];
  page.on("request", (r) => { if (r.url().includes("grading.submit")) submits.push(r.url()); });
  return submits;
}

test("an image that did not load blocks rating until it shows", async ({ page, browser }) => {
  const studyId = await pictureStudy(browser, { set: "Broken images", study: "E2E broken image", key: "bi1" });
  const submits = submitsOf(page);
  await loginAs(page, USERS.grader, "/queue");
  const letThrough = await failAttachments(page);
  await page.goto(`/queue/${studyId}`);

  const prompt = page.getByRole("region", { name: "Prompt" });
  await expect(prompt.getByTestId("media-failed")).toContainText("Image 1 could not be loaded.");
  const gate = page.getByTestId("media-gate");
  await expect(gate).toContainText("An image of this task could not be loaded");
  const selected = page.locator('fieldset[data-dimension="overall"] [role="radio"][aria-checked="true"]');
  await page.keyboard.press("2");
  await expect(gate).toHaveClass(/border-amber-400/); // pointed at: the key was refused
  await expect(selected).toHaveCount(0);
  await page.getByRole("button", { name: /^Submit/ }).click();
  expect(submits).toEqual([]);

  await letThrough();
  await prompt.getByRole("button", { name: "Try again" }).click();
  const image = prompt.getByRole("img", { name: "Image 1" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(12);
  await imagesShown(page);
  await expect(gate).toHaveCount(0);
  await expect(page.getByTestId("listen-gate")).toHaveCount(0);
  await page.keyboard.press("2");
  await expect(selected).toHaveCount(1);
});

test("an image still on its way holds rating until it shows", async ({ page, browser }) => {
  const studyId = await pictureStudy(browser, { set: "Slow images", study: "E2E slow image", key: "si1" });
  const submits = submitsOf(page);
  await loginAs(page, USERS.grader, "/queue");
  const letThrough = await holdAttachments(page);
  await page.goto(`/queue/${studyId}`);

  const prompt = page.getByRole("region", { name: "Prompt" });
  await expect(prompt.getByText("Which colour is the square?")).toBeVisible();
  // The image is on its way: a key records nothing and the note says why; Submit sends nothing.
  const selected = page.locator('fieldset[data-dimension="overall"] [role="radio"][aria-checked="true"]');
  await page.keyboard.press("2");
  await expect(selected).toHaveCount(0);
  const note = page.getByTestId("media-loading");
  await expect(note).toContainText("An image of this task is still loading");
  await expect(note).toHaveClass(/border-amber-400/);
  await page.getByRole("button", { name: /^Submit/ }).click();
  expect(submits).toEqual([]);
  await expect(page.locator('fieldset[data-dimension="overall"] [role="radio"]').first()).toHaveAttribute("aria-disabled", "true");
  await expect(page.locator("section[data-media]")).toHaveAttribute("data-media", "loading");

  await letThrough();
  await imagesShown(page);
  await expect.poll(() => prompt.getByRole("img", { name: "Image 1" }).evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(12);
  await expect(note).toHaveCount(0);
  await page.keyboard.press("2");
  await expect(selected).toHaveCount(1);
});
