// What a model wrote is what the grader sees, and what the researcher sees on the Prompts page:
// tables stay tables, code is highlighted, math is typeset, and raw HTML reads as the literal text
// it is (never dropped, never run). The raw text is one click away.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator } from "@playwright/test";
import { loginAs, startStudy, uploadMaterial, USERS } from "../fixtures";

const RICH = [
  "Here is the comparison:",
  "",
  "| model | score |",
  "| --- | --- |",
  "| small | 0.61 |",
  "| large | 0.74 |",
  "",
  "```python",
  "def area(r):",
  "    return 3.14159 * r ** 2",
  "```",
  "",
  "Inline math $e^{i\\pi} + 1 = 0$ and display:",
  "",
  "$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$",
  "",
  "Use the <b>bold</b> tag for emphasis.",
  "",
  "- [x] checked ~~struck~~ https://example.org",
].join("\n");
const HTML_ONLY = "<div><p>Only HTML here</p></div>";

async function expectRendered(scope: Locator) {
  await expect(scope.locator("table th").first()).toHaveText("model");
  await expect(scope.locator("table td").filter({ hasText: "0.74" })).toHaveCount(1);
  await expect(scope.locator("pre code.language-python .hljs-keyword").first()).toHaveText("def");
  await expect(scope.locator(".katex").first()).toBeVisible();
  await expect(scope.locator(".katex-display")).toHaveCount(1);
  await expect(scope.getByText("Use the <b>bold</b> tag for emphasis.")).toBeVisible();
  await expect(scope.locator("b")).toHaveCount(0);
  await expect(scope.locator("del")).toHaveText("struck");
  await expect(scope.locator('input[type="checkbox"][checked]')).toHaveCount(1);
  await expect(scope.locator('a[href="https://example.org"]')).toHaveAttribute("rel", /noopener/);
}

test("tables, code, math and literal HTML render the same for the grader and on the Prompts page", async ({ page, browser }) => {
  const researcher = await browser.newPage();
  await loginAs(researcher, USERS.researcher, "/studies");
  await uploadMaterial(researcher, "Rich content", [
    ["rich1", "Compare the models **briefly**.", "en-US", "Reasoning", "text", "", "Lumen Server 2026", RICH],
    ["rich1", "Compare the models **briefly**.", "en-US", "Reasoning", "text", "", "Lumen Server 2025", HTML_ONLY],
  ]);
  const studyId = await startStudy(browser, { name: "E2E rich content", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "Rich content", locales: ["en-US"], dimensionKeys: ["overall"] });

  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  const responses = page.locator('section[aria-label^="Response"]');
  await expect(responses).toHaveCount(2);
  const rich = responses.filter({ hasText: "Here is the comparison" });
  const htmlOnly = responses.filter({ hasText: "Only HTML here" });
  await expectRendered(rich);
  // A response made only of HTML is its literal text, not an empty card.
  await expect(htmlOnly.getByText(HTML_ONLY)).toBeVisible();
  await expect(page.getByRole("region", { name: "Prompt" }).locator("strong")).toHaveText("briefly");
  // The picture in docs/screenshots/ is a copy of this one (the test writes only under test-results/).
  mkdirSync(path.resolve("test-results/screenshots"), { recursive: true });
  await page.screenshot({ path: path.resolve("test-results/screenshots/grader-task-rich-content.png"), fullPage: true });

  // The raw text, exactly as written, one click away; and back.
  await rich.getByRole("button", { name: /Show raw text/ }).click();
  await expect(rich.locator('pre[data-rendered="raw"]')).toHaveText(RICH);
  await rich.getByRole("button", { name: /Show formatted/ }).click();
  await expect(rich.locator(".katex").first()).toBeVisible();

  // The researcher reads the same rendering on the Prompts page.
  await researcher.goto("/prompts");
  await researcher.getByRole("link", { name: /Rich content/ }).first().click();
  const item = researcher.locator("li").filter({ hasText: "rich1" });
  await item.getByText("2 responses").click();
  await expectRendered(item.locator("div.rounded-md").filter({ hasText: "Lumen Server 2026" }));
  await expect(item.getByText(HTML_ONLY)).toBeVisible();
  await researcher.close();
});
