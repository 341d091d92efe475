// A whole evaluation from the browser: upload material, create and start a study in the wizard,
// seeded graders do the work through the grading API, and the dashboard's headline matches the
// report CSV downloaded from the same page. Filters live in the URL. Graders are kept out.
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createRng } from "../../seed/rng";
import { login, loginAs, trpcCall, USERS } from "../fixtures";

const STUDY = "Wizard 2026 vs 2025";
const LOCALES = ["en-US", "de-DE", "ja-JP"];
// Graders of the seeded demo landscape, two per locale, so with k = 2 each grades every item of a locale.
const GRADERS = ["grader@verdict.local", "grader2@verdict.local", "grader4@verdict.local", "grader6@verdict.local", "grader7@verdict.local", "grader8@verdict.local"];

function materialCsv(): string {
  const lines = ["prompt_id,prompt,locale,category,modality,images,model,response"];
  for (let p = 0; p < 30; p++) {
    const locale = LOCALES[p % 3];
    const category = p % 2 ? "Math" : "Writing";
    for (const model of ["Wizard New", "Wizard Old"]) lines.push(`wz${p},"Question ${p}: explain, briefly.",${locale},${category},text,,${model},"${model} answers ${p}."`);
  }
  return `${lines.join("\n")}\n`;
}

/** Each grader works through the queue over the API with seeded preferences (the candidate is usually better). */
async function gradeAll(browser: Browser, studyId: string) {
  const rng = createRng(42);
  for (const email of GRADERS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, email);
    await expect(page).toHaveURL(/\/queue$/);
    for (;;) {
      const next = await trpcCall<{ assignmentId: string; responses: { text: string }[]; dimensions: { key: string }[] } | null>(page, "grading.next", { studyId });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      if (!next.data) break;
      // The grader sees "Response 1/2" only; the seeded preference favours whichever shows "Wizard New".
      const newOnLeft = next.data.responses[0].text.startsWith("Wizard New");
      const values: Record<string, number> = {};
      for (const d of next.data.dimensions) {
        const towardNew = Math.max(-3, Math.min(3, Math.round(rng.normal(0.8, 1.5))));
        values[d.key] = newOnLeft ? -towardNew : towardNew; // negative = Response 1 better
      }
      const sent = await trpcCall(page, "grading.submit", { assignmentId: next.data.assignmentId, values, timeSpentMs: rng.int(20_000, 90_000) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    await context.close();
  }
}

async function headlineNumbers(page: Page) {
  const summary = page.getByTestId("headline-summary");
  await expect(summary).toBeVisible();
  const read = async (metric: string) => (await summary.locator(`[data-metric="${metric}"]`).innerText()).trim();
  return { winA: await read("win_rate_a"), winB: await read("win_rate_b"), decisive: await read("decisive_rate_a"), text: await summary.innerText() };
}

const asPct = (v: string) => `${(Number(v) * 100).toFixed(1)}%`;

test.describe.serial("researcher workflow", () => {
  let studyId = "";

  test("upload material, create and start a study in the wizard, grade, and read the dashboard against the report CSV", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await loginAs(page, USERS.researcher, "/studies");
    await page.goto("/imports");
    const form = page.getByRole("region", { name: "Import material" });
    await form.getByLabel("File (.csv or .jsonl, or a .zip with images)").setInputFiles({ name: "wizard.csv", mimeType: "text/csv", buffer: Buffer.from(materialCsv()) });
    await form.getByLabel("Prompt set (default: the file's name)").fill("Wizard prompts");
    await form.getByRole("button", { name: "Import" }).click();
    await expect(form.getByRole("status")).toContainText("prompts 30");

    await page.goto("/studies");
    await page.getByRole("link", { name: "New study" }).click();
    const wizard = page.getByRole("form", { name: "New study" });
    await wizard.getByRole("textbox", { name: /^Name/ }).fill(STUDY); // not a dimension whose description says "named"
    // Nothing is pre-selected as the candidate; the swap button exchanges the two.
    await expect(wizard.getByLabel("Candidate")).toHaveValue("");
    await wizard.getByLabel("Candidate").selectOption({ label: "Wizard Old" });
    await wizard.getByLabel("Baseline").selectOption({ label: "Wizard New" });
    await wizard.getByRole("button", { name: "⇄ Swap candidate and baseline" }).click();
    await expect(wizard.getByLabel("Candidate").locator("option:checked")).toHaveText("Wizard New");
    await expect(wizard.getByLabel("Baseline").locator("option:checked")).toHaveText("Wizard Old");
    await wizard.getByLabel("Prompt set").selectOption({ label: "Wizard prompts (30 prompts)" });
    // Only text prompts in this set: image understanding is not offered; keep two dimensions, Overall first.
    await expect(wizard.getByRole("checkbox", { name: "Image understanding" })).toBeDisabled();
    await expect(wizard.getByRole("checkbox", { name: "Image understanding" })).not.toBeChecked();
    for (const label of ["Instruction following", "Presentation"]) await wizard.getByRole("checkbox", { name: label }).uncheck();
    await expect(wizard.getByRole("list", { name: "Dimension order" }).getByRole("listitem")).toHaveText([/Overall/, /Truthfulness/]);
    await wizard.getByLabel("Judgments per item (k)").fill("2");
    // The analysis rule is chosen before grading starts: verdicts by majority vote.
    await wizard.getByRole("radio", { name: /Majority vote/ }).check();
    await expect(page.getByTestId("preview-items")).toHaveText("30");
    await expect(page.getByTestId("preview-judgments")).toHaveText("60");
    // Narrowing the locales updates the preview before anything is created.
    await wizard.getByRole("group", { name: "Locales" }).getByRole("checkbox", { name: /ja-JP/ }).check();
    await expect(page.getByTestId("preview-items")).toHaveText("10");
    await wizard.getByRole("group", { name: "Locales" }).getByRole("checkbox", { name: /ja-JP/ }).uncheck();
    await expect(page.getByTestId("preview-items")).toHaveText("30");
    await wizard.getByRole("button", { name: "Create study" }).click();
    await expect(page.getByRole("heading", { name: STUDY })).toBeVisible();
    await expect(page).not.toHaveURL(/\/studies\/new$/);
    // No grader-facing title was given: the researcher sees the neutral one graders get.
    await expect(page.getByTestId("grader-title")).toHaveText("Graders see it as “Compare two responses”");
    await expect(page.getByTestId("verdict-rule")).toHaveText("verdicts by majority vote");
    studyId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByText("running", { exact: true })).toBeVisible();

    await gradeAll(browser, studyId);

    await page.reload();
    await expect(page.getByRole("progressbar", { name: "Overall progress" })).toHaveAttribute("aria-valuenow", "60");
    await expect(page.getByRole("region", { name: "Grader activity" }).getByRole("row")).not.toHaveCount(0);
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("region", { name: "Preference by dimension" }).locator(".recharts-bar-rectangle").first()).toBeVisible();
    const shown = await headlineNumbers(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Report CSV", exact: true }).click();
    const rows = parse(readFileSync(await (await download).path(), "utf8"), { columns: true }) as Record<string, string>[];
    const metric = (m: string) => rows.find((r) => r.dimension === "overall" && r.slice === "all" && r.metric === m)!;
    expect(shown.winA).toBe(asPct(metric("win_rate_a").value));
    expect(shown.winB).toBe(asPct(metric("win_rate_b").value));
    expect(shown.decisive).toBe(asPct(metric("decisive_rate_a").value));
    expect(shown.text).toContain(`n = ${metric("n_prompts").value} prompts`);
    expect(shown.text).toContain(`95% CI ${asPct(metric("decisive_rate_a").ci_low)}–${asPct(metric("decisive_rate_a").ci_high)}`);
    expect(shown.text).toContain("Wizard New was preferred");
    expect(shown.text).toContain(`Graders disagreed in direction on ${asPct(metric("split_rate").value)} of prompts`);
    expect(shown.text).toContain("each prompt's verdict is its graders' majority vote");

    // The data table behind the stacked bar carries the same numbers for truthfulness.
    const chart = page.getByRole("region", { name: "Preference by dimension" });
    await chart.getByText("Data table").click();
    const truth = rows.find((r) => r.dimension === "truthfulness" && r.slice === "all" && r.metric === "win_rate_a")!;
    await expect(chart.getByRole("row", { name: /Truthfulness/ })).toContainText(asPct(truth.value));

    // The later sections load after the headline.
    await expect(page.getByRole("region", { name: "Graders" }).getByRole("row")).toHaveCount(1 + GRADERS.length);
    await expect(page.getByTestId("consistency")).toContainText("Wizard New is chosen more often than not in");
    await expect(page.getByRole("region", { name: /decisive rate as judgments accumulate/ })).toBeVisible();
    // Last, the reliability-weighted verdicts: two graders per prompt, so every dimension is fitted.
    const weighted = page.getByRole("region", { name: "Reliability-weighted verdicts" });
    await expect(weighted.getByTestId("dawid-skene-fit").first()).toHaveText(/converged in \d+ iterations|stopped at its limit/i);
    await expect(weighted.getByRole("row", { name: /Overall/ })).toContainText(asPct(metric("win_rate_a").value));
  });

  test("filters change the charts and the URL, and the URL restores them", async ({ page }) => {
    test.skip(!studyId, "needs the study of the previous test");
    test.setTimeout(90_000); // 17 s alone, 33 s beside a benchmark: a dozen dashboard renders
    await loginAs(page, USERS.researcher, "/studies");
    await page.goto(`/studies/${studyId}/dashboard`);
    const before = await headlineNumbers(page);
    expect(before.text).toContain("n = 30 prompts");
    const filters = page.getByRole("region", { name: "Filters" });
    await filters.getByRole("group", { name: "Locale" }).getByRole("button", { name: /ja-JP/ }).click();
    await expect(page).toHaveURL(/[?&]locale=ja-JP/);
    await expect(page.getByTestId("headline-summary")).toContainText("n = 10 prompts");
    await filters.getByRole("group", { name: "Dimension" }).getByRole("button", { name: "Truthfulness" }).click();
    await expect(page).toHaveURL(/dimension=truthfulness/);
    const bars = page.getByRole("region", { name: "Preference by dimension" }).locator("svg.recharts-surface");
    await expect(bars).toContainText("Truthfulness");
    await expect(bars).not.toContainText("Overall");
    await expect(page.getByTestId("headline-summary")).toContainText("Truthfulness:");

    // A shared link opens the same view.
    await page.goto(page.url());
    await expect(filters.getByRole("group", { name: "Locale" }).getByRole("button", { name: /ja-JP/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("headline-summary")).toContainText("n = 10 prompts");
    await filters.getByRole("button", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/dashboard\\??$`));
    await expect(page.getByTestId("headline-summary")).toContainText("n = 30 prompts");

    // Two chips clicked in quick succession both count: the second builds on the first even while
    // the page for the first is still loading (it used to start from the URL and drop the first).
    const localeChips = filters.getByRole("group", { name: "Locale" }).getByRole("button");
    // The server's answers for the new view are held back, as a large study's are slow, so that
    // the second click lands while the first's page is loading.
    const slowViews = /[?&]_rsc=/;
    await page.route(slowViews, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => undefined); // a view superseded by the next click is cancelled
    });
    await localeChips.nth(0).click();
    await localeChips.nth(1).click();
    await expect(localeChips.nth(0)).toHaveAttribute("aria-pressed", "true");
    await expect(localeChips.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/[?&]locale=[^&]+(,|%2C)[^&]+/);
    await expect(page.getByTestId("headline-summary")).toContainText("n = 20 prompts");
    await page.unroute(slowViews, undefined);
    await filters.getByRole("button", { name: "Clear all filters" }).click();
    await expect(page.getByTestId("headline-summary")).toContainText("n = 30 prompts");

    // A link asking for values this study lacks (shared from another study, say) shows them,
    // marked, and each can be removed: the page does not silently match nothing.
    await page.goto(`/studies/${studyId}/dashboard?locale=xx-XX,ja-JP&category=Poetry`);
    const missing = filters.getByRole("button", { name: "xx-XX: not in this study" });
    await expect(missing).toHaveAttribute("aria-pressed", "true");
    await expect(filters.getByRole("group", { name: "Category" }).getByRole("button", { name: "Poetry: not in this study" })).toBeVisible();
    await expect(filters.getByRole("note")).toContainText("values this study does not have");
    await missing.click();
    await expect(page).toHaveURL(/[?&]locale=ja-JP(&|$)/);
    await filters.getByRole("button", { name: "Poetry: not in this study" }).click();
    await expect(page).not.toHaveURL(/category=/);
    await expect(filters.getByRole("note")).toHaveCount(0);
    await expect(page.getByTestId("headline-summary")).toContainText("n = 10 prompts");
    await filters.getByRole("button", { name: "Clear all filters" }).click();
    await expect(page.getByTestId("headline-summary")).toContainText("n = 30 prompts");

    // A modality the link names that is no modality at all is refused, not dropped: dropped, it
    // would have shown every judgment as if the view were filtered.
    await page.goto(`/studies/${studyId}/dashboard?modality=bogus`);
    const refused = page.getByRole("alert").filter({ hasText: "not valid" });
    await expect(refused).toContainText("“bogus” is not a modality");
    await expect(page.getByTestId("headline-summary")).toHaveCount(0);
    await refused.getByRole("link", { name: "Show the unfiltered dashboard" }).click();
    await expect(page.getByTestId("headline-summary")).toContainText("n = 30 prompts");

    // The "break down by" choice is part of the URL too, and its sentence uses the right plural.
    // It is the page's own choice: the server is not asked to render the page again.
    const serverRenders: string[] = [];
    const countRender = (r: import("@playwright/test").Request) => { if (/\/dashboard\?.*_rsc=/.test(r.url())) serverRenders.push(r.url()); };
    page.on("request", countRender);
    await page.getByLabel("Break down by").selectOption("modality");
    await expect(page).toHaveURL(/[?&]by=modality/);
    await expect(page.getByTestId("consistency")).toContainText(" modalities;");
    page.off("request", countRender);
    expect(serverRenders).toEqual([]);
    await page.goto(page.url());
    await expect(page.getByLabel("Break down by")).toHaveValue("modality");
  });

  test("a section that fails says so, the sections after it still load, and Try again loads it", async ({ page }) => {
    test.skip(!studyId, "needs the study of the previous test");
    await loginAs(page, USERS.researcher, "/studies");
    // The grader-quality request fails (twice: the client retries once by itself) until the button is pressed.
    let failures = 0;
    await page.route(/\/api\/trpc\/dashboards\.quality\?/, (route) => (failures++ < 2 ? route.fulfill({ status: 500, contentType: "application/json",
      body: JSON.stringify({ error: { json: { message: "injected failure", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } } }) }) : route.continue()));
    await page.goto(`/studies/${studyId}/dashboard`);
    const quality = page.locator("#quality");
    await expect(quality.getByRole("alert")).toContainText("Could not compute this section");
    // The requests after it went ahead regardless.
    await expect(page.getByRole("region", { name: /decisive rate as judgments accumulate/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Reliability-weighted verdicts" })).toHaveCount(0); // shown inside the quality section
    await quality.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("region", { name: "Graders" }).getByRole("row")).toHaveCount(1 + GRADERS.length);
    await expect(page.getByRole("region", { name: "Reliability-weighted verdicts" }).getByTestId("dawid-skene-fit").first()).toBeVisible();
    expect(failures).toBe(3);
  });

  test("chart downloads give the chart's data as CSV and its picture as SVG and PNG", async ({ page }) => {
    test.skip(!studyId, "needs the study of the previous test");
    await loginAs(page, USERS.researcher, "/studies");
    await page.goto(`/studies/${studyId}/dashboard`);
    const chart = page.getByRole("region", { name: "Preference by dimension" });
    await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
    const get = async (name: string) => {
      const d = page.waitForEvent("download");
      await chart.getByRole("button", { name, exact: true }).click();
      const file = await d;
      return { name: file.suggestedFilename(), body: readFileSync(await file.path()) };
    };
    const csv = await get("CSV");
    expect(csv.name).toBe("wizard-2026-vs-2025-preference-by-dimension.csv");
    const rows = parse(csv.body.toString("utf8"), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.dimension).sort()).toEqual(["overall", "truthfulness"]);
    const svg = await get("SVG");
    expect(svg.body.toString("utf8")).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.body.toString("utf8")).toContain("Wizard New preferred");
    const png = await get("PNG");
    expect(png.body.subarray(1, 4).toString("latin1")).toBe("PNG");
    // For Excel: the same data behind a UTF-8 byte-order mark; and no float residue in any number.
    const excel = await get("CSV (Excel)");
    expect([...excel.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(excel.body.subarray(3).equals(csv.body)).toBe(true);
    expect(csv.body.toString("utf8")).not.toMatch(/\de-1\d/);
    // Both preferred shares show their 95% interval as whiskers, without hovering.
    expect(await chart.locator(".recharts-errorBar").count()).toBeGreaterThanOrEqual(2);
  });

  test("a grader cannot open any researcher page, dashboard data or export", async ({ page }) => {
    test.skip(!studyId, "needs the study of the previous test");
    await loginAs(page, USERS.grader, "/queue");
    for (const path of ["/studies", `/studies/${studyId}`, `/studies/${studyId}/dashboard`, "/studies/new", "/models", "/prompts", "/imports"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/forbidden/);
      expect(await page.content()).not.toContain("Wizard New");
    }
    for (const path of [`/api/studies/${studyId}/report`, `/api/studies/${studyId}/judgments`]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(403);
    }
    for (const proc of ["dashboards.headline", "dashboards.report", "dashboards.quality", "dashboards.weightedVerdicts", "dashboards.overTime"]) {
      const res = await trpcCall(page, proc, { studyId, filter: {} }, "query");
      expect(res.status, proc).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain("Wizard");
    }
    const res = await trpcCall(page, "dashboards.study", { studyId }, "query");
    expect(res.status).toBe(403);
  });
});
