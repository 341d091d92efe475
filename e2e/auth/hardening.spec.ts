// Raw HTTP as an outsider would send it: malformed cookies and headers, oversized bodies and
// batches. Each answer is a clear 4xx, never a 500, and refused before any password is checked.
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../../seed/demo-content";
import { e2eDatabase, loginAs, USERS } from "../fixtures";

const ORIGIN = { origin: "http://localhost:3123" };

test("a malformed session cookie is no session: 401 on API calls, and login still works", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: "verdict_session=%E0%A4%A" } });
  const me = await api.get("/api/trpc/auth.me");
  expect(me.status()).toBe(401);
  const login = await api.post("/api/trpc/auth.login", { headers: ORIGIN, data: { json: { email: USERS.grader, password: DEMO_PASSWORD } } });
  expect(login.status()).toBe(200);
  await api.dispose();
});

test("a batch is capped at 10 calls, and a login is never batched", async ({ request }) => {
  const eleven = Array(11).fill("health.ping").join(",");
  const big = await request.get(`/api/trpc/${eleven}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`);
  expect(big.status()).toBe(400);
  expect((await big.json()).error.message).toContain("at most 10 calls");
  const logins = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [i, { json: { email: USERS.grader, password: "wrong password here" } }]));
  const batched = await request.post("/api/trpc/auth.login,auth.login,auth.login?batch=1", { headers: ORIGIN, data: logins });
  expect(batched.status()).toBe(400);
  expect((await batched.json()).error.message).toContain("auth.login cannot be batched");
});

test("request bodies over 1 MB are refused with 413, declared or streamed", async ({ request }) => {
  const huge = JSON.stringify({ json: { email: USERS.grader, password: "x".repeat(2 * 1024 * 1024) } });
  const declared = await request.post("/api/trpc/auth.login", { headers: { ...ORIGIN, "content-type": "application/json" }, data: huge });
  expect(declared.status()).toBe(413);
  // Without a Content-Length (chunked): counted as it arrives.
  const res = await fetch(new URL("/api/trpc/auth.login", test.info().project.use.baseURL), {
    method: "POST", headers: { ...ORIGIN, "content-type": "application/json" }, duplex: "half",
    body: new ReadableStream({ start(c) { for (let i = 0; i < 40; i++) c.enqueue(new TextEncoder().encode("x".repeat(64 * 1024))); c.close(); } }),
  } as RequestInit);
  expect(res.status).toBe(413);
});

test("a malformed X-File-Name on an upload is a 400 that says what is wrong", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  const res = await page.request.post("/api/imports/material", { headers: { ...ORIGIN, "x-file-name": "%E0%A4%A.csv", "content-type": "text/csv" }, data: "prompt_id,text\n" });
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toContain("X-File-Name");
});

test("pages carry a nonce-based CSP that every script of theirs satisfies, and nothing is refused while using them", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
  const res = await page.goto("/login");
  const csp = res!.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  // Every script the server wrote carries this response's nonce (the browser hides it from getAttribute; .nonce keeps it).
  const nonces = await page.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  // A second request gets a fresh nonce.
  expect((await request.get("/login")).headers()["content-security-policy"]).not.toBe(csp);
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: "Device 2026 vs 2025 — text" }).click();
  await expect(page.getByRole("heading", { name: "Device 2026 vs 2025 — text" })).toBeVisible();
  expect(violations).toEqual([]);
  expect(res!.headers()["strict-transport-security"]).toBeUndefined();
});

test("HSTS over https, and private API responses are never cached", async ({ page, request, browser }) => {
  const https = await request.get("/login", { headers: { "x-forwarded-proto": "https" } });
  expect(https.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(https.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
  await loginAs(page, USERS.grader, "/queue");
  const api = await page.request.get("/api/trpc/auth.me");
  // Small, so also sent without gzip (answer-compression.spec.ts).
  expect(api.headers()["cache-control"]).toBe("no-store, no-transform");
  const researcher = await (await browser.newContext()).newPage();
  await loginAs(researcher, USERS.researcher, "/studies");
  const db = e2eDatabase();
  const { id } = db.prepare(`SELECT "id" FROM "Attachment" LIMIT 1`).get() as { id: string };
  db.close();
  const image = await researcher.request.get(`/api/attachments/${id}`);
  expect(image.status()).toBe(200);
  expect(image.headers()["cache-control"]).toBe("private, no-store");
  expect(image.headers()["content-security-policy"]).toContain("sandbox");
});
