import { readFileSync } from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { Canvas } from "../../seed/png";
import { expect, test } from "@playwright/test";
import { e2eDatabase, errorAlert, loginAs, USERS } from "../fixtures";

const JUDGMENTS = [
  "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score",
  "Web import,side_by_side,w1,en-US,Math,text,ann,overall,Lumen Device 2026,Lumen Device 2025,2,,",
  "Web import,side_by_side,w1,en-US,Math,text,bob,overall,Lumen Device 2025,Lumen Device 2026,1,,",
  "Web import,side_by_side,w2,ja-JP,Writing,text,ann,overall,Lumen Device 2026,Lumen Device 2025,-1,,",
].join("\n");

test("a researcher uploads judgments, sees line-numbered errors for a bad file, and downloads the report", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: "Imports", exact: true }).click();
  const form = page.getByRole("region", { name: "Import judgments" });

  await form.getByLabel("File (.csv or .jsonl)").setInputFiles({ name: "bad.csv", mimeType: "text/csv",
    buffer: Buffer.from(`${JUDGMENTS}\nWeb import,side_by_side,w3,en-US,Math,text,cho,overall,Lumen Device 2026,Lumen Device 2025,7,,\n`) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(errorAlert(form).or(form.locator('div[role="alert"]'))).toContainText("bad.csv: 1 problem; nothing was imported.");
  await expect(form.locator('div[role="alert"]')).toContainText("line 5, preference: must be from -3 to 3, got 7");

  // A file that is not CSV at all: one message naming the file and the line, and no "… and 1 more".
  await form.getByLabel("File (.csv or .jsonl)").setInputFiles({ name: "broken.csv", mimeType: "text/csv",
    buffer: Buffer.from(`${JUDGMENTS}\nWeb import,side_by_side,"w3,en-US,Math,text,cho,overall,Lumen Device 2026,Lumen Device 2025,1,,\n`) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.locator('div[role="alert"]')).toHaveText("broken.csv: line 5: malformed CSV: a quoted field is not closed before the end of the file");

  await form.getByLabel("File (.csv or .jsonl)").setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(JUDGMENTS) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("status")).toContainText("judgments added 3");

  await page.getByRole("link", { name: "Studies", exact: true }).click();
  await page.getByRole("link", { name: "Web import" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Report CSV", exact: true }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.split("\n")[0]).toBe("study,type,model_a,model_b,dimension,slice,metric,value,ci_low,ci_high,n,n_clusters,note");
  // w1: +2 and (flipped) −1 → mean +0.5, a win for the candidate; w2: −1 → a loss.
  expect(csv).toContain("Web import,side_by_side,Lumen Device 2026,Lumen Device 2025,overall,all,win_rate_a,0.5,");
  expect(csv).toContain("Web import,side_by_side,Lumen Device 2026,Lumen Device 2025,overall,all,n_judgments,3,,,3");
});

test("a grader can neither upload nor download", async ({ page }) => {
  await loginAs(page, USERS.grader, "/queue");
  const upload = await page.request.post("/api/imports/judgments", { headers: { "x-file-name": "x.csv" }, data: JUDGMENTS });
  expect(upload.status()).toBe(403);
  const db = (await import("../fixtures")).e2eDatabase();
  const { id } = db.prepare(`SELECT "id" FROM "Study" LIMIT 1`).get() as { id: string };
  db.close();
  for (const path of [`/api/studies/${id}/report`, `/api/studies/${id}/judgments`]) {
    const res = await page.request.get(path);
    expect(res.status()).toBe(403);
    expect(await res.text()).not.toContain("Lumen");
  }
});

test("material with images is uploaded as a .zip bundle; a server path in a plain upload is refused", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.getByRole("link", { name: "Imports", exact: true }).click();
  const form = page.getByRole("region", { name: "Import material" });
  const header = "prompt_id,prompt,locale,category,modality,images,model,response";
  const png = new Canvas(5, 5, [30, 30, 200]).toPng();
  // A path that exists on the server is not read: the same refusal as for any file name.
  const serverFile = path.resolve("app/icon.svg");
  await form.getByLabel("File (.csv or .jsonl, or a .zip with images)").setInputFiles({ name: "plain.csv", mimeType: "text/csv",
    buffer: Buffer.from(`${header}\nz0,Look,en-US,Vision,image,${serverFile},Zip Model,Blue.\n`) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.locator('div[role="alert"]')).toContainText("upload a .zip with the material file and its images");

  const zip = zipSync({ "material.csv": new TextEncoder().encode(`${header}\nz1,What colour?,en-US,Vision,image,img/blue.png,Zip Model,Blue.\n`), "img/blue.png": png });
  await form.getByLabel("File (.csv or .jsonl, or a .zip with images)").setInputFiles({ name: "zipped set.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("status")).toContainText("prompt set zipped set");
  const db = e2eDatabase();
  const image = db.prepare(`SELECT a."fileName", a."byteSize" FROM "Attachment" a JOIN "Prompt" p ON p."id" = a."promptId" WHERE p."externalId" = 'z1'`).get();
  db.close();
  expect(image).toEqual({ fileName: "blue.png", byteSize: png.length });
});
