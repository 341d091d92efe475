// A researcher adds a webhook to a study, sends a test event, and sees the server's own worker
// deliver it (signed) to a receiver, in the study page's delivery log.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { loginAs, startStudy, USERS } from "../fixtures";

test("a webhook's test event is delivered, signed, and logged on the study page", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => { body += d; });
    req.on("end", () => { received.push({ headers: req.headers, body }); res.writeHead(204); res.end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const studyId = await startStudy(browser, { name: "E2E hooked study", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
      promptSet: "General text 2026", locales: ["en-US"], dimensionKeys: ["overall"] });
    await loginAs(page, USERS.researcher, "/studies");
    await page.goto(`/studies/${studyId}`);
    const panel = page.getByRole("region", { name: "Webhooks" });
    await panel.getByLabel("URL").fill(`http://127.0.0.1:${(server.address() as AddressInfo).port}/verdict`);
    await panel.getByRole("button", { name: "Add webhook" }).click();
    const secret = (await panel.getByTestId("webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await panel.getByRole("button", { name: "Send test" }).click();
    // The worker runs every 15 s in the server; the log updates itself.
    await expect(panel.getByTestId("delivery-status")).toHaveText("pending");
    await expect(panel.getByTestId("delivery-status")).toHaveText("delivered", { timeout: 45_000 });
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r.headers["x-verdict-event"]).toBe("ping");
    expect(r.headers["x-verdict-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(`${r.headers["x-verdict-timestamp"]}.${r.body}`).digest("hex")}`);
    expect(JSON.parse(r.body)).toMatchObject({ event: "ping", study: { id: studyId, name: "E2E hooked study" } });
  } finally {
    server.close();
  }
});
