// Prompt and response text is untrusted: script tags, event handlers, javascript: links and SVG
// payloads must render inert on the grader's page. A script that ran would set window.__xss or
// open a dialog; neither may happen, not on load and not on clicking the links.
import { expect, test } from "@playwright/test";
import { loginAs, startStudy, uploadMaterial, trpcCall, USERS } from "../fixtures";

const PAYLOAD = [
  "Hostile prompt: <script>window.__xss = 'script'</script>",
  '<img src="x" onerror="window.__xss = \'img\'">',
  "[a markdown link](javascript:window.__xss='md-link')",
  '<a href="javascript:window.__xss=\'html-link\'">an html link</a>',
  '<svg onload="window.__xss = \'svg\'"><script>window.__xss = \'svg-script\'</script></svg>',
  "![image](javascript:window.__xss='md-image')",
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  "<style>body { display: none }</style>",
  // The math renderer must not become a way in: KaTeX's \\href and \\htmlData stay off.
  "$\\href{javascript:window.__xss='katex'}{a math link}$ and $\\htmlData{onclick=window.__xss='data'}{x}$",
].join("\n\n");

test("script tags, event handlers, javascript: links and SVG payloads in prompts and responses render inert", async ({ page, browser }) => {
  // A prompt set holding only the hostile prompt, uploaded as a researcher would.
  const researcher = await browser.newPage();
  await loginAs(researcher, USERS.researcher, "/studies");
  await uploadMaterial(researcher, "Hostile content", [
    ["xss1", PAYLOAD, "en-US", "Security", "text", "", "Lumen Server 2026", `Response A. ${PAYLOAD}`],
    ["xss1", PAYLOAD, "en-US", "Security", "text", "", "Lumen Server 2025", `Response B. ${PAYLOAD}`],
  ]);
  await researcher.close();
  const studyId = await startStudy(browser, { name: "E2E hostile content", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "Hostile content", locales: ["en-US"], dimensionKeys: ["overall"] });

  const dialogs: string[] = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); void d.dismiss(); });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  await expect(page.getByText("Hostile prompt:").first()).toBeVisible();
  await expect(page.getByText("Response A.")).toBeVisible();

  // Nothing ran, and nothing that could run was put in the page.
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  const main = page.locator("main");
  await expect(main.locator("script, iframe, svg[onload], [onerror], [onload], style")).toHaveCount(0);
  await expect(main.locator('a[href^="javascript:"], img[src^="javascript:"], [data-onclick]')).toHaveCount(0);
  // Every link that is left opens safely: a new tab, without opener or referrer.
  for (const a of await main.locator("section a[href]").all()) await expect(a).toHaveAttribute("rel", /noopener/);
  // The raw tags show as text or not at all, never as elements; the page is still visible.
  await expect(page.locator("body")).toBeVisible();

  // Clicking what is left of the links runs nothing either.
  for (const name of ["a markdown link", "an html link", "a math link"]) {
    const link = main.getByText(name).first();
    if (await link.count()) await link.click({ force: true }).catch(() => {});
  }
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);

  // Errors name no model either: a bad answer, someone else's id, a closed study's id.
  const bodies = [
    (await trpcCall(page, "grading.submit", { assignmentId: "nope", values: { overall: 9 } })).body,
    (await trpcCall(page, "grading.next", { studyId: `${studyId}x` })).body,
    (await trpcCall(page, "grading.submit", { assignmentId: "x".repeat(300), values: { overall: "a" } })).body,
  ].map((b) => JSON.stringify(b));
  for (const b of bodies) expect(b).not.toMatch(/Lumen|Server 202|candidate|baseline/i);
  expect(await page.content()).not.toMatch(/Lumen/);
});

test("a cross-site request cannot submit judgments or upload files, even with the grader's cookie", async ({ page }) => {
  await loginAs(page, USERS.grader, "/queue");
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "verdict_session")!;
  expect(session.httpOnly).toBe(true);
  expect(session.sameSite).toBe("Lax");
  for (const [path, data] of [["/api/trpc/grading.submit", { json: { assignmentId: "x", values: { overall: 3 } } }], ["/api/trpc/auth.logout", { json: null }]] as const) {
    const res = await page.request.post(path, { headers: { origin: "https://evil.example" }, data });
    expect(res.status(), path).toBe(403);
  }
  const upload = await page.request.post("/api/imports/material", { headers: { origin: "https://evil.example", "x-file-name": "x.csv" }, data: "prompt_id\n" });
  expect(upload.status()).toBe(403);
  // The session survived the attempts: the cross-site logout did nothing.
  await page.goto("/queue");
  await expect(page).toHaveURL(/\/queue$/);
});
