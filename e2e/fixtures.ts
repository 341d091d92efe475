// Shared helpers for browser tests: demo logins and direct access to the e2e database.
import Database from "better-sqlite3";
import { stringify } from "csv-stringify/sync";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../seed/demo-content";

export const USERS = {
  admin: "admin@verdict.local",
  researcher: "researcher@verdict.local",
  grader: "grader@verdict.local",
  graderJa: "grader7@verdict.local",
};

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function loginAs(page: Page, email: string, home: string) {
  await login(page, email);
  await expect(page).toHaveURL(new RegExp(`${home}$`));
}

const MATERIAL_COLUMNS = ["prompt_id", "prompt", "locale", "category", "modality", "images", "model", "response"];

/** Uploads rows of material (in MATERIAL_COLUMNS order) as a new prompt set, through the researcher's logged-in page. */
export async function uploadMaterial(researcher: Page, promptSet: string, rows: string[][]) {
  const fileName = `${promptSet.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.csv`;
  const upload = await researcher.request.post(`/api/imports/material?promptSet=${encodeURIComponent(promptSet)}`,
    { headers: { "x-file-name": fileName }, data: stringify([MATERIAL_COLUMNS, ...rows]) });
  expect(upload.status(), await upload.text()).toBe(200);
}

/** Every image and clip the app serves. */
const ATTACHMENTS = "**/api/attachments/**";

/** Makes every image and clip request fail (503), as a lost network or file would; returns a function that lets them through again. */
export async function failAttachments(page: Page): Promise<() => Promise<void>> {
  await page.route(ATTACHMENTS, (route) => route.fulfill({ status: 503, body: "unavailable" }));
  return () => page.unroute(ATTACHMENTS);
}

/** Holds every image and clip request until the returned function lets them through, as a slow network would. */
export async function holdAttachments(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ATTACHMENTS, async (route) => {
    await released;
    await route.continue();
  });
  // The route stays: once released, it lets every request through at once (unrouting while a
  // request is held would answer it twice).
  return async () => release();
}

/** Waits until every image of the grading page's task has shown (rating is closed until then). */
export async function imagesShown(page: Page) {
  await expect(page.locator("section[data-media]")).toHaveAttribute("data-media", "ready");
}

/** The e2e server's SQLite file, for arranging states the UI cannot reach quickly (e.g. an expired session). */
export function e2eDatabase() {
  return new Database(path.resolve(import.meta.dirname, "..", "data", "e2e", "verdict.db"));
}

/** The app's own error message (Next adds an empty role="alert" route announcer of its own). */
export const errorAlert = (scope: Page | import("@playwright/test").Locator) => scope.locator('p[role="alert"]');

/** Calls a tRPC procedure over HTTP as the page's logged-in user (superjson envelope). */
export async function trpcCall<T = unknown>(page: Page, path: string, input: unknown, method: "query" | "mutation" = "mutation"): Promise<{ status: number; data: T; body: unknown }> {
  const res = method === "mutation"
    ? await page.request.post(`/api/trpc/${path}`, { data: { json: input } })
    : await page.request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = (await res.json()) as { result?: { data?: { json?: T } } };
  return { status: res.status(), data: body.result?.data?.json as T, body };
}

export interface StudySpec {
  name: string;
  /** What graders see; the tests that do not care reuse the name. */
  graderTitle?: string;
  type: "SIDE_BY_SIDE" | "SINGLE_SIDED";
  models: string[];
  promptSet: string;
  locales: string[];
  dimensionKeys: string[];
  redundancy?: number;
  /** audio studies: rating opens once every clip was heard in full */
  requireFullListen?: boolean;
}

/** Creates and starts a study as the researcher, in a context of its own; returns its id. */
export async function startStudy(browser: import("@playwright/test").Browser, spec: StudySpec): Promise<string> {
  const db = e2eDatabase();
  const modelIds = spec.models.map((name) => (db.prepare(`SELECT "id" FROM "Model" WHERE "name" = ?`).get(name) as { id: string }).id);
  const promptSetId = (db.prepare(`SELECT "id" FROM "PromptSet" WHERE "name" = ?`).get(spec.promptSet) as { id: string }).id;
  db.close();
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, USERS.researcher, "/studies");
  const created = await trpcCall<{ id: string }>(page, "studies.create", {
    name: spec.name, graderTitle: spec.graderTitle ?? spec.name, type: spec.type, modelIds, promptSetId, filters: { locales: spec.locales },
    dimensionKeys: spec.dimensionKeys, redundancy: spec.redundancy ?? 1, leaseMinutes: 20, guidelines: "Judge **carefully**.",
    requireFullListen: spec.requireFullListen ?? false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await trpcCall(page, "studies.setStatus", { studyId: created.data.id, status: "RUNNING" })).status).toBe(200);
  await context.close();
  return created.data.id;
}
