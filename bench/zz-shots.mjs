import { chromium } from "/work/main/node_modules/playwright-core/index.mjs";
import Database from "better-sqlite3";
const db = new Database("/tmp/demo/demo.db");
const sxs = db.prepare(`SELECT id FROM "Study" WHERE name LIKE 'Vox 2026 vs%'`).get().id;
const mos = db.prepare(`SELECT id FROM "Study" WHERE name LIKE 'Vox voices%'`).get().id;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
async function login(email) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto("http://localhost:3210/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("verdict-demo");
  await page.getByRole("button", { name: /log in|sign in/i }).click();
  await page.waitForURL(/queue|studies|admin/);
  return page;
}
const g = await login("grader@verdict.local");
await g.goto(`http://localhost:3210/queue/${sxs}`);
await g.getByTestId("audio-player").first().waitFor();
await g.keyboard.press("1");
await g.screenshot({ path: "/tmp/demo/voice-before.png", fullPage: true });
await g.keyboard.press("p");
await g.locator('[data-testid=audio-player][data-heard=true]').nth(1).waitFor({ timeout: 20000 });
await g.keyboard.press("1"); await g.keyboard.press("3");
await g.screenshot({ path: "/tmp/demo/voice-after.png", fullPage: true });
await g.goto(`http://localhost:3210/queue/${mos}`);
await g.getByTestId("audio-player").first().waitFor();
await g.screenshot({ path: "/tmp/demo/voice-mos.png", fullPage: true });
const r = await login("researcher@verdict.local");
await r.goto(`http://localhost:3210/studies/${sxs}/dashboard`);
await r.waitForTimeout(3000);
await r.screenshot({ path: "/tmp/demo/voice-dashboard.png", fullPage: true });
await r.goto(`http://localhost:3210/studies/new`);
await r.getByLabel("Prompt set").selectOption({ label: /Expressive voices/ }).catch(async () => {
  const opts = await r.getByLabel("Prompt set").locator("option").allTextContents();
  await r.getByLabel("Prompt set").selectOption({ label: opts.find((o) => o.includes("Expressive")) });
});
await r.waitForTimeout(1500);
await r.screenshot({ path: "/tmp/demo/voice-wizard.png", fullPage: true });
await browser.close();
