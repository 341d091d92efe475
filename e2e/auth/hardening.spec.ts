// Raw HTTP as an outsider would send it: malformed cookies and headers, oversized bodies and
// batches. Each answer is a clear 4xx, never a 500, and refused before any password is checked.
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../../seed/demo-content";
import { loginAs, USERS } from "../fixtures";

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
