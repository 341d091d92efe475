// The keyboard never surprises a grader: Enter submits only from the answers (Ctrl/⌘+Enter from
// anywhere); on Skip, Zoom, a link or "Show raw text" it does what that control does. While an
// image is zoomed, Esc closes it and answer keys do nothing underneath. After a reload, focus is on
// the first unanswered dimension, so typing on does not overwrite earlier answers.
import { expect, test, type Page } from "@playwright/test";
import { Canvas } from "../../seed/png";
import { imagesShown, loginAs, startStudy, uploadMaterial, USERS } from "../fixtures";

const png = new Canvas(12, 12, [220, 120, 0]).toPng();
const dataUri = `data:image/png;base64,${png.toString("base64")}`;
const selected = (page: Page, key: string) => page.locator(`fieldset[data-dimension="${key}"] [role="radio"][aria-checked="true"]`);

test("Enter on buttons and links does not submit; the zoom owns the keyboard; reload keeps the place", async ({ page, browser, context }) => {
  const researcher = await browser.newPage();
  await loginAs(researcher, USERS.researcher, "/studies");
  await uploadMaterial(researcher, "Keyboard", [
    ["kb1", "What is in the picture?", "en-US", "Vision", "image", dataUri, "Lumen Device 2026", "An orange square; see [the spec](https://example.org/spec)."],
    ["kb1", "What is in the picture?", "en-US", "Vision", "image", "", "Lumen Device 2025", "A square."],
  ]);
  await researcher.close();
  const studyId = await startStudy(browser, { name: "E2E keyboard", type: "SIDE_BY_SIDE", models: ["Lumen Device 2026", "Lumen Device 2025"],
    promptSet: "Keyboard", locales: ["en-US"], dimensionKeys: ["overall", "image_understanding"] });

  const submits: string[] = [];
  page.on("request", (r) => { if (r.url().includes("grading.submit")) submits.push(r.url()); });
  context.on("page", (p) => void p.close());
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  await expect(page.getByRole("region", { name: "Prompt" }).getByRole("img")).toHaveAttribute("alt", "Image 1");
  await imagesShown(page); // rating opens once the image has arrived

  await page.keyboard.press("2"); // overall answered; focus moves to image understanding
  await expect(selected(page, "overall")).toHaveCount(1);

  // Enter on Skip opens the skip box, nothing is submitted.
  await page.getByRole("button", { name: /^Skip/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Why skip?")).toBeFocused();
  await page.keyboard.press("Escape");
  // Enter on a link in a response follows the link (a new tab), nothing is submitted.
  await page.getByRole("link", { name: "the spec" }).focus();
  await page.keyboard.press("Enter");
  // Enter on "Show raw text" shows the raw text.
  await page.getByRole("button", { name: "Show raw text: Response 1" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Response 1" }).locator('pre[data-rendered="raw"]')).toBeVisible();

  // Enter on Zoom opens the image; answer keys do nothing under it; Esc closes it.
  await page.getByRole("region", { name: "Prompt" }).getByRole("button", { name: "Zoom: Image 1" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Image 1, enlarged" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("5");
  await page.keyboard.press("Enter");
  await expect(selected(page, "image_understanding")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect(submits).toEqual([]);

  // A reload puts focus on the first unanswered dimension: the next digit answers it, not Overall.
  await page.reload();
  await expect(page.locator('fieldset[data-dimension="image_understanding"]')).toHaveClass(/ring-2/);
  await imagesShown(page);
  await page.keyboard.press("6");
  await expect(selected(page, "image_understanding")).toHaveAttribute("aria-label", "Better for Response 2");
  await expect(selected(page, "overall")).toHaveAttribute("aria-label", "Better for Response 1");

  // Ctrl+Enter submits from the comment box.
  await page.getByLabel(/Comment/).fill("clear image");
  await page.getByLabel(/Comment/).press("Control+Enter");
  await expect(page.getByText("All done here")).toBeVisible();
  expect(submits).toHaveLength(1);
});
