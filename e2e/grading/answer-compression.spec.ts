// What the grading page's answers cost the server: a submission's small answer goes out as it is,
// not through a zlib stream of its own, while large answers are still gzipped for slow links
// (server/web/small-answer-uncompressed.ts).
import { expect, test } from "@playwright/test";
import { loginAs, startStudy, USERS } from "../fixtures";

const GZIP = { "accept-encoding": "gzip, deflate" };

test("a submission's small answer is not gzipped; a large answer still is", async ({ page, browser }) => {
  await startStudy(browser, { name: "E2E answer compression", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["en-GB"], dimensionKeys: ["overall"] });
  await loginAs(page, USERS.grader, "/queue");
  await page.getByRole("listitem").filter({ hasText: "E2E answer compression" }).getByRole("link", { name: "Start" }).click();
  await expect(page.getByRole("region", { name: "Response 2" })).toBeVisible();
  // Chromium asks for compressed answers (gzip, deflate, br, zstd), as every browser does.
  const submitted = page.waitForResponse((r) => r.url().includes("/api/trpc/grading.submit"));
  await page.keyboard.press("4");
  await page.keyboard.press("Enter");
  const answer = await submitted;
  expect(answer.status()).toBe(200);
  expect((await answer.request().allHeaders())["accept-encoding"]).toContain("gzip");
  const headers = await answer.allHeaders();
  expect(headers["content-encoding"]).toBeUndefined();
  expect(headers["cache-control"]).toBe("no-store, no-transform");
  expect((await answer.body()).byteLength).toBeLessThan(1024);
  await expect(page.getByTestId("session-counter")).toContainText("1 done");

  // Another small answer, asked for directly, and the studies a researcher lists: a few kilobytes.
  const small = await page.request.get("/api/trpc/auth.me", { headers: GZIP });
  expect(small.headers()["content-encoding"]).toBeUndefined();
  const researcher = await (await browser.newContext()).newPage();
  await loginAs(researcher, USERS.researcher, "/studies");
  const large = await researcher.request.get("/api/trpc/studies.list", { headers: GZIP });
  expect(large.status()).toBe(200);
  expect((await large.body()).byteLength).toBeGreaterThan(1024);
  expect(large.headers()["content-encoding"]).toBe("gzip");
  expect(large.headers()["cache-control"]).toBe("no-store");
});
