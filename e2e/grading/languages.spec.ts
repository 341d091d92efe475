// Graders work in their own language: a Japanese grader completes a task with no English left in
// the interface (checked against every string of the English catalogue), and an Arabic grader's
// page is right to left with Response 1 on the right, where key 1 still records "Response 1 much better".
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2eDatabase, errorAlert, loginAs, startStudy, trpcCall, USERS } from "../fixtures";

type Tree = { [key: string]: string | Tree };
const catalogue = (language: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../server/i18n/messages", `${language}.json`), "utf8")) as Tree;
const en = catalogue("en");
const ja = catalogue("ja");
function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

/**
 * The English interface's words: every grader-facing message without arguments, and the longest
 * literal run of those with arguments, where the Japanese catalogue says something else.
 */
const jaByKey = new Map(leaves(ja as unknown as Tree));
const ENGLISH = leaves(en as unknown as Tree)
  .filter(([key, text]) => !key.startsWith("research.") && jaByKey.get(key) !== text)
  .map(([, text]) => (text.includes("{") || text.includes("<") ? text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?\w+>/).sort((a, b) => b.length - a.length)[0] : text).trim())
  .filter((s) => /\p{L}{3,}/u.test(s));

/** The page's own words: its text without the prompt and responses, the user's own name (content, not interface) and the key names on <kbd>s. */
const interfaceText = (page: Page) => page.evaluate(() => {
  const body = document.body.cloneNode(true) as HTMLElement;
  body.querySelectorAll("[data-rendered], [data-user-text], kbd, script, style").forEach((e) => e.remove());
  const attrs = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")]
    .filter((e) => !e.closest("[data-rendered], [data-user-text]"))
    .flatMap((e) => ["aria-label", "title", "placeholder", "alt"].map((a) => e.getAttribute(a) ?? ""));
  return [body.innerText, ...attrs].join("\n");
});

/** English phrases found as whole words ("grader" in a heading, not in "grader7@…"). */
function englishIn(text: string): string[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return ENGLISH.filter((s) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`, "u").test(text));
}

function judgmentsOf(assignmentId: string) {
  const db = e2eDatabase();
  const rows = db.prepare(`SELECT d."key", j."preference" FROM "Judgment" j JOIN "Dimension" d ON d."id" = j."dimensionId" WHERE j."assignmentId" = ? ORDER BY d."key"`)
    .all(assignmentId) as { key: string; preference: number }[];
  db.close();
  return rows;
}

function latestAssignment(email: string, studyId: string) {
  const db = e2eDatabase();
  const row = db.prepare(`SELECT a."id", a."candidateSide", a."status" FROM "Assignment" a JOIN "User" u ON u."id" = a."graderId"
    WHERE u."email" = ? AND a."studyId" = ? ORDER BY a."leasedAt" DESC LIMIT 1`).get(email, studyId) as { id: string; candidateSide: "LEFT" | "RIGHT"; status: string };
  db.close();
  return { ...row, judgments: judgmentsOf(row.id) };
}

test("the English catalogue yields the words this test looks for", () => {
  expect(ENGLISH).toContain("Submit");
  expect(ENGLISH).toContain("Much better");
  expect(ENGLISH.length).toBeGreaterThan(150);
  expect(englishIn("送信 · Much better")).toEqual(["Much better"]);
  expect(englishIn("grader7@verdict.local")).toEqual([]);
});

test("a Japanese grader completes a task with no English left in the interface", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const studyId = await startStudy(browser, { name: "E2E Japanese grading", graderTitle: "日常の質問", type: "SIDE_BY_SIDE",
    models: ["Lumen Server 2026", "Lumen Server 2025"], promptSet: "General text 2026", locales: ["ja-JP"], dimensionKeys: ["overall", "truthfulness"] });
  // grader7's first locale is ja-JP, and the browser asks for English: the profile's default wins once logged in.
  await loginAs(page, USERS.graderJa, "/queue");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { name: "マイタスク" })).toBeVisible();
  expect(englishIn(await interfaceText(page))).toEqual([]);

  await page.goto(`/queue/${studyId}`);
  await expect(page.getByRole("radiogroup", { name: "総合" })).toBeVisible();
  await page.getByRole("button", { name: /ショートカット/ }).click();
  await expect(page.getByRole("region", { name: "キーボードショートカット" })).toBeVisible();
  // Submitting with nothing answered shows the problems, in Japanese, beside their dimensions.
  await page.getByRole("button", { name: /送信/ }).click();
  await expect(page.getByText("総合の回答を選んでください。")).toBeVisible();
  expect(englishIn(await interfaceText(page))).toEqual([]);

  const before = latestAssignment(USERS.graderJa, studyId);
  await page.keyboard.press("6");
  await page.keyboard.press("4");
  await expect(page.getByText("送信できます")).toBeVisible();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("session-counter")).toContainText("1件完了");
  // Stored relative to the candidate; on screen 6 is "Response 2 better" (+2) and 4 "about the same".
  const shown = (p: number) => (before.candidateSide === "RIGHT" ? p : -p) + 0; // + 0: a tie is 0, never -0
  expect(judgmentsOf(before.id).map((j) => [j.key, shown(j.preference)])).toEqual([["overall", 2], ["truthfulness", 0]]);
  expect(englishIn(await interfaceText(page))).toEqual([]);
});

test("an Arabic grader's task is right to left, and key 1 still prefers Response 1", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const studyId = await startStudy(browser, { name: "E2E Arabic grading", type: "SIDE_BY_SIDE",
    models: ["Lumen Server 2026", "Lumen Server 2025"], promptSet: "General text 2026", locales: ["ja-JP"], dimensionKeys: ["overall"] });
  const grader = "grader8@verdict.local";
  await loginAs(page, grader, "/queue");
  expect((await trpcCall(page, "auth.setLanguage", { language: "ar" })).status).toBe(200);
  await page.goto(`/queue/${studyId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  const one = page.getByRole("region", { name: "الإجابة 1" });
  const two = page.getByRole("region", { name: "الإجابة 2" });
  await expect(one).toBeVisible();
  // Mirrored: Response 1 on the right, and so is the choice that favours it most.
  expect((await one.boundingBox())!.x).toBeGreaterThan((await two.boundingBox())!.x);
  const group = page.getByRole("radiogroup", { name: "التقييم العام" });
  const much1 = group.getByRole("radio", { name: "الإجابة 1 أفضل بكثير" });
  const much2 = group.getByRole("radio", { name: "الإجابة 2 أفضل بكثير" });
  expect((await much1.boundingBox())!.x).toBeGreaterThan((await much2.boundingBox())!.x);
  // Responses keep their own direction inside the mirrored page.
  await expect(one.locator("[data-rendered] p").first()).toHaveAttribute("dir", "auto");

  const task = latestAssignment(grader, studyId);
  await page.keyboard.press("1");
  await expect(much1).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("session-counter")).toContainText("أُنجزت 1");
  const db = e2eDatabase();
  const rows = db.prepare(`SELECT j."preference" FROM "Judgment" j WHERE j."assignmentId" = ?`).all(task.id) as { preference: number }[];
  db.close();
  // Stored relative to the candidate: "Response 1 much better" is +3 when the candidate was Response 1, -3 otherwise.
  expect(rows).toEqual([{ preference: task.candidateSide === "LEFT" ? 3 : -3 }]);
  expect((await trpcCall(page, "auth.setLanguage", { language: null })).status).toBe(200);
});

test("the login page follows the browser's Accept-Language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ko-KR", extraHTTPHeaders: { "Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5" } });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.getByLabel("비밀번호")).toBeVisible();
  await page.getByLabel("이메일").fill(USERS.graderJa);
  await page.getByLabel("비밀번호").fill("wrong password");
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(errorAlert(page)).toHaveText("이메일 또는 비밀번호가 잘못되었습니다.");
  await context.close();
});
