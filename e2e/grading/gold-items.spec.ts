// Gold items must not be recognisable: a grader who inspects the page or the network sees the same
// structure and the same payload shape for a gold task as for any other, and nothing that names it.
import { expect, test } from "@playwright/test";
import { e2eDatabase, loginAs, startStudy, trpcCall, USERS } from "../fixtures";

const GIVEAWAYS = /gold|control|expect|explanation|attention|qualif/i;

/** The newest assignment of the grader in the study, and whether its item is a control item. */
function currentTask(studyId: string) {
  const db = e2eDatabase();
  const row = db.prepare(`SELECT a."id", i."control" FROM "Assignment" a JOIN "User" u ON u."id" = a."graderId" JOIN "Item" i ON i."id" = a."itemId"
    WHERE u."email" = ? AND a."studyId" = ? ORDER BY a."leasedAt" DESC LIMIT 1`).get(USERS.grader, studyId) as { id: string; control: string };
  db.close();
  return row;
}

/** The shape of a JSON value: keys recursively, array elements merged, leaves as their type. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? shape(v[0]) : [];
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, shape((v as Record<string, unknown>)[k])]));
  return typeof v;
}

test("a gold task cannot be told apart from a normal one in the DOM or the network payloads", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studyId = await startStudy(browser, { name: "E2E blind mix", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "General text 2026", locales: ["es-MX", "en-US"], dimensionKeys: ["overall", "truthfulness"] });

  // The researcher marks two items gold and serves control items at half of each grader's tasks.
  const db = e2eDatabase();
  const promptIds = (db.prepare(`SELECT p."externalId" FROM "Item" i JOIN "Prompt" p ON p."id" = i."promptId" WHERE i."studyId" = ? ORDER BY p."externalId" LIMIT 2`)
    .all(studyId) as { externalId: string }[]).map((r) => r.externalId);
  db.close();
  const researcher = await browser.newContext();
  const rPage = await researcher.newPage();
  await loginAs(rPage, USERS.researcher, "/studies");
  const csv = ["prompt_id,kind,overall,explanation", ...promptIds.map((p) => `${p},gold,candidate,The candidate answers every part of the request.`)].join("\n");
  expect((await trpcCall(rPage, "quality.importControlItems", { studyId, fileName: "gold.csv", content: csv })).data).toMatchObject({ marked: 2, GOLD: 2 });
  expect((await trpcCall(rPage, "quality.updateSettings", { studyId, goldRate: 0.5, requireQualification: false, qualificationPassRate: 0.8, minTaskSeconds: 0 })).status).toBe(200);
  await researcher.close();

  // Every response the grader's browser receives, by procedure.
  const bodies: { url: string; text: string }[] = [];
  page.on("response", async (r) => { if (r.url().includes("/api/trpc/")) bodies.push({ url: r.url(), text: await r.text().catch(() => "") }); });

  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  const seen = { GOLD: { dom: new Set<string>(), payload: new Set<string>() }, NONE: { dom: new Set<string>(), payload: new Set<string>() } };
  const allDone = page.getByRole("heading", { name: "All done here" });
  for (let i = 0; i < 40; i++) {
    await expect(page.getByRole("region", { name: "Response 2" }).or(allDone)).toBeVisible();
    if (await allDone.isVisible()) break;
    const task = currentTask(studyId);
    await expect.poll(() => bodies.some((b) => b.url.includes("grading.next") && b.text.includes(task.id))).toBe(true);
    const payload = bodies.filter((b) => b.url.includes("grading.next") && b.text.includes(task.id)).at(-1)!.text;
    const kind = task.control === "GOLD" ? "GOLD" : "NONE";
    // The payload can arrive before the page has drawn it: until then the previous task (its
    // answers checked) is still on screen. A new task has no answer checked.
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    // The page's structure: every element's tag and attributes, with the texts, the rendered
    // markdown of prompt and responses and the session counter left out (they differ from task
    // to task anyway: the counter shows a median from the second task on).
    const dom = await page.locator("main").evaluate((main) => {
      const walk = (el: Element): string => {
        const attrs = [...el.attributes].filter((a) => a.name !== "src" && a.name !== "href").map((a) => `${a.name}=${a.value}`).sort().join(" ");
        const inner = el.classList.contains("prose-verdict") || el.getAttribute("data-testid") === "session-counter" ? "" : [...el.children].map(walk).join("");
        return `<${el.tagName}${attrs ? ` ${attrs}` : ""}>${inner}</${el.tagName}>`;
      };
      return walk(main);
    });
    seen[kind].dom.add(dom);
    seen[kind].payload.add(JSON.stringify(shape(JSON.parse(payload))));
    expect(payload).not.toMatch(GIVEAWAYS);
    expect(await page.locator("main").innerText()).not.toMatch(GIVEAWAYS);
    await page.keyboard.press("5");
    await page.keyboard.press("4");
    await page.keyboard.press("Enter");
    await expect.poll(() => currentTask(studyId).id === task.id ? judged(task.id) : true).toBe(true);
  }
  await expect(allDone).toBeVisible();
  expect(seen.GOLD.dom.size).toBeGreaterThan(0);
  expect(seen.NONE.dom.size).toBeGreaterThan(0);
  // Identical page structure and payload shape for gold and normal tasks.
  for (const d of seen.GOLD.dom) expect(seen.NONE.dom.has(d)).toBe(true);
  expect([...seen.GOLD.payload]).toEqual([...seen.NONE.payload]);
  // No response the grader received in the whole session gives a control item away.
  for (const b of bodies) expect(b.text, b.url).not.toMatch(GIVEAWAYS);

  // The gold answers were stored and kept out of the study's results.
  const check = e2eDatabase();
  const counted = check.prepare(`SELECT COUNT(*) AS n FROM "Judgment" WHERE "studyId" = ? AND "control" = 1`).get(studyId) as { n: number };
  check.close();
  expect(counted.n).toBe(2 * countGold(studyId));
});

function judged(assignmentId: string) {
  const db = e2eDatabase();
  const r = db.prepare(`SELECT "status" FROM "Assignment" WHERE "id" = ?`).get(assignmentId) as { status: string };
  db.close();
  return r.status === "SUBMITTED";
}

function countGold(studyId: string) {
  const db = e2eDatabase();
  const r = db.prepare(`SELECT COUNT(*) AS n FROM "Assignment" a JOIN "User" u ON u."id" = a."graderId" JOIN "Item" i ON i."id" = a."itemId"
    WHERE u."email" = ? AND a."studyId" = ? AND i."control" = 'GOLD'`).get(USERS.grader, studyId) as { n: number };
  db.close();
  return r.n;
}
