// Study webhooks against a real HTTP receiver: progress thresholds queued once each, completion
// announced, every delivery signed with the webhook's secret, failures retried with back-off and
// given up after the last attempt, and two workers never sending one delivery twice.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePrompt, makePromptSet, makeStudy, makeUser } from "../../seed/factories";
import { setStudyStatus } from "../studies/service";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";
import { MAX_ATTEMPTS } from "./domain/webhook-rules";
import { checkProgress, deliverDue } from "./service";

interface Received { headers: Record<string, string>; body: string }

describe.each(await testEngines())("study webhooks on %s", (engine) => {
  let t: TestDatabase;
  let server: Server;
  let url: string;
  const received: Received[] = [];
  let answer = 200;
  let studyId: string;
  let api: ReturnType<typeof callerFor>;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => { body += d; });
      req.on("end", () => { received.push({ headers: req.headers as Record<string, string>, body }); res.writeHead(answer); res.end(); });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const researcher = asSessionUser(await makeUser(t.db, { role: "RESEARCHER" }));
    api = callerFor(t.db, researcher);
    const set = await makePromptSet(t.db);
    const [a, b] = await Promise.all(["Hook A", "Hook B"].map((name) => t.db.model.create({ data: { name, family: "Hook" } })));
    for (let i = 0; i < 4; i++) await makePrompt(t.db, { promptSetId: set.id, localeCode: "en-US", responses: [{ modelId: a.id, text: "a" }, { modelId: b.id, text: "b" }] });
    studyId = (await makeStudy(t.db, { name: "Hooked study", type: "SIDE_BY_SIDE", modelIds: [a.id, b.id], promptSetId: set.id, redundancy: 1 }, { status: "RUNNING" })).id;
  });
  afterAll(async () => { server?.close(); await t?.drop(); });

  const judge = (n: number) => t.db.$executeRawUnsafe(`UPDATE "Item" SET "submittedCount" = 1 WHERE "id" IN (SELECT "id" FROM "Item" WHERE "studyId" = '${studyId}' ORDER BY "id" LIMIT ${n})`);
  const verify = (r: Received, secret: string) =>
    r.headers["x-verdict-signature"] === `sha256=${createHmac("sha256", secret).update(`${r.headers["x-verdict-timestamp"]}.${r.body}`).digest("hex")}`;

  it("refuses bad URLs and thresholds with messages that say why", async () => {
    await expect(api.webhooks.add({ studyId, url: "ftp://example.org" })).rejects.toThrow("The URL must be http:// or https://.");
    await expect(api.webhooks.add({ studyId, url: "http://169.254.169.254/x" })).rejects.toThrow("points at a cloud metadata address");
    await expect(api.webhooks.add({ studyId, url, thresholds: "lots" })).rejects.toThrow("Thresholds: whole percentages");
  });

  it("announces each threshold once and the completion, signed", async () => {
    const { secret } = await api.webhooks.add({ studyId, url, thresholds: "25,50,100" });
    const now = new Date();
    expect(await checkProgress(t.db, now)).toBe(0);
    await judge(2); // 50%
    // Two instances checking at once queue each threshold once.
    const [x, y] = await Promise.all([checkProgress(t.db, now), checkProgress(t.db, now)]);
    expect(x + y).toBe(2);
    // Two workers delivering at once send each delivery once.
    const [d1, d2] = await Promise.all([deliverDue(t.db, now), deliverDue(t.db, now)]);
    expect(d1.delivered + d2.delivered).toBe(2);
    expect(received.map((r) => JSON.parse(r.body).threshold).sort()).toEqual([25, 50]);
    expect(received.every((r) => verify(r, secret) && r.headers["x-verdict-event"] === "study.progress")).toBe(true);
    expect(verify({ ...received[0], body: received[0].body.replace("Hooked", "Hacked") }, secret)).toBe(false);
    expect(JSON.parse(received[0].body)).toMatchObject({ event: "study.progress", study: { id: studyId, name: "Hooked study" }, progress: { submitted: 2, wanted: 4 } });

    await judge(4);
    await setStudyStatus(t.db, null, studyId, "COMPLETED", now);
    expect(await checkProgress(t.db, now)).toBe(0); // completed studies are announced by their completion (and the 100% passed)
    received.length = 0;
    await deliverDue(t.db, now);
    expect(received.map((r) => r.headers["x-verdict-event"]).sort()).toEqual(["study.completed"]);
    expect(JSON.parse(received[0].body)).toMatchObject({ study: { status: "COMPLETED" }, progress: { submitted: 4, wanted: 4 } });
  });

  it("retries a failing receiver with back-off and gives up after the last attempt; the log shows it", async () => {
    const [hook] = (await api.webhooks.list({ studyId }));
    answer = 500;
    received.length = 0;
    await api.webhooks.test({ webhookId: hook.id });
    let now = new Date(Date.now() + 1000);
    expect(await deliverDue(t.db, now)).toEqual({ delivered: 0, failed: 0, retrying: 1 });
    expect(await deliverDue(t.db, new Date(now.getTime() + 30_000))).toEqual({ delivered: 0, failed: 0, retrying: 0 }); // not due for a minute
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + 13 * 3600_000);
      expect(await deliverDue(t.db, now)).toEqual(attempt < MAX_ATTEMPTS ? { delivered: 0, failed: 0, retrying: 1 } : { delivered: 0, failed: 1, retrying: 0 });
    }
    expect(received).toHaveLength(MAX_ATTEMPTS);
    const [logged] = (await api.webhooks.list({ studyId }))[0].deliveries;
    expect(logged).toMatchObject({ event: "ping", status: "failed", attempts: MAX_ATTEMPTS, lastStatus: 500, lastError: "HTTP 500" });
    answer = 200;
  });

  it("logs why a receiver could not be reached", async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const { id } = await api.webhooks.add({ studyId, url: `http://127.0.0.1:${port}/closed` });
    await api.webhooks.test({ webhookId: id });
    expect(await deliverDue(t.db, new Date(Date.now() + 1000))).toMatchObject({ retrying: 1 });
    const [hook] = (await api.webhooks.list({ studyId })).filter((w) => w.id === id);
    expect(hook.deliveries[0]).toMatchObject({ status: "pending", attempts: 1, lastStatus: null, lastError: "ECONNREFUSED" });
  });
});
